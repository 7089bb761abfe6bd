#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open regular file for reading: its identity (size, modification time, inode) for
/// cache keys, reads at offsets, and a read-only memory map of the whole file.
final class ReadOnlyFile {
    enum OpenError: Error, Equatable {
        case missing
        case directory
        case unreadable(String)
    }

    let path: String
    let size: Int
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64
    let inode: UInt64
    private let descriptor: Int32

    init(path: String) throws(OpenError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(Self.describe(code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(Self.describe(code))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw .directory
        }
        self.path = path
        descriptor = fd
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        bytes.withUnsafeMutableBytes { buffer in
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
        }
        bytes.removeLast(count - done)
        return bytes
    }

    /// The whole file, mapped read-only.
    func map() throws(OpenError) -> MappedBytes {
        guard size > 0 else { return MappedBytes(address: nil, count: 0) }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { throw .unreadable(Self.describe(errno)) }
        #if canImport(Glibc)
        _ = madvise(address, size, MADV_SEQUENTIAL)
        #endif
        return MappedBytes(address: address, count: size)
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A read-only memory map, unmapped when released.
final class MappedBytes {
    let bytes: UnsafeRawBufferPointer

    fileprivate init(address: UnsafeMutableRawPointer?, count: Int) {
        bytes = UnsafeRawBufferPointer(start: address, count: count)
    }

    /// Drops the pages of `range` (whole pages only) from this process's memory; they are
    /// read again (from the page cache) if touched. Keeps a sequential scan's resident size small.
    func release(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
