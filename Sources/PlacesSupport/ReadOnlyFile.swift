#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open regular file for reading: its status (size, times, inode, device) for cache
/// keys, reads at offsets, and a read-only memory map of the whole file.
///
/// Opening never blocks: the path is opened with `O_NONBLOCK` and checked with `fstat`
/// before anything is read, so a FIFO with no writer (or a device) is refused at once
/// instead of hanging the command; a regular file then has `O_NONBLOCK` cleared.
package final class ReadOnlyFile {
    package enum OpenError: Error, Equatable {
        case missing
        case directory
        /// Something else that is not a regular file: a FIFO, a device, a socket.
        case notRegular(FileKind)
        case unreadable(String)
    }

    let path: String
    package let size: Int
    package let status: FileStatus
    private let descriptor: Int32

    package convenience init(path: String) throws(OpenError) {
        let (fd, info) = try Self.openWithoutBlocking(path)
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(fd)
            throw kind == .directory ? .directory : .notRegular(kind)
        }
        self.init(adopting: fd, info: info, path: path)
    }

    /// Takes over `fd`, a regular file opened by `openWithoutBlocking` (reads wait again).
    package init(adopting fd: Int32, info: stat, path: String) {
        Self.clearNonBlocking(fd)
        self.path = path
        descriptor = fd
        status = FileStatus(info)
        size = Int(status.size)
    }

    /// Opens `path` for reading with `O_NONBLOCK` (an open that would wait for a FIFO's
    /// writer returns at once) and says what it is; the caller owns the descriptor.
    package static func openWithoutBlocking(_ path: String) throws(OpenError) -> (descriptor: Int32, info: stat) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
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
        return (fd, info)
    }

    /// Makes reads on `fd` wait for data again.
    package static func clearNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// The file's status now (nil if `fstat` fails): compared with `status` to tell whether
    /// the file changed while it was being read.
    package func currentStatus() -> FileStatus? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// A hash of every byte of the file as it is now, read in 1 MiB blocks (nothing is kept
    /// in memory); nil when a read fails. Four independent lanes of `ByteHash`, 32 bytes a
    /// step, so the multiplications overlap: several GB/s, about what the reads cost.
    package func contentHash() -> UInt64? {
        let blockBytes = 1 << 20
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockBytes, alignment: 32)
        defer { block.deallocate() }
        guard let start = block.baseAddress else { return nil }
        var a = ByteHash(seed: 1), b = ByteHash(seed: 2), c = ByteHash(seed: 3), d = ByteHash(seed: 4)
        var total = 0
        while true {
            let n = POSIX.read(descriptor, into: start, count: blockBytes, at: total)
            if n < 0 { return nil }
            if n == 0 { break }
            let base = UnsafeRawPointer(start)
            var i = 0
            while i + 32 <= n {
                a.combine(base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b.combine(base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c.combine(base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d.combine(base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            // Only the last block can end off a 32-byte step (blocks are 1 MiB).
            if i < n { a.combine(UnsafeRawBufferPointer(start: base + i, count: n - i)) }
            total += n
        }
        var hash = ByteHash()
        for lane in [a, b, c, d] { hash.combine(lane.finalized) }
        hash.combine(UInt64(total))
        return hash.finalized
    }

    deinit {
        close(descriptor)
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    package func read(at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while done < count {
                let n = POSIX.read(descriptor, into: base + done, count: count - done, at: offset + done)
                if n <= 0 { break }
                done += n
            }
        }
        bytes.removeLast(count - done)
        return bytes
    }

    /// The whole file: mapped read-only when a program installed a `MappingGuard` (a file cut
    /// short under the mapping is then the guard's to handle), else read into memory of its
    /// own, where a file cut short while it is read is `unreadable`, never a fault.
    package func map() throws(OpenError) -> MappedBytes {
        guard size > 0 else { return MappedBytes(address: nil, count: 0) }
        guard let mappingGuard = FileMapping.current else { return try readWhole() }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { throw .unreadable(Self.describe(errno)) }
        #if canImport(Glibc)
        _ = madvise(address, size, MADV_SEQUENTIAL)
        #endif
        return MappedBytes(address: address, count: size, path: path, guard: mappingGuard)
    }

    /// Every byte of the file copied into anonymous memory: no page of it is the file's, so a
    /// file cut short now or later cannot fault. Fewer bytes than the file had when it was
    /// opened is an error.
    private func readWhole() throws(OpenError) -> MappedBytes {
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { throw .unreadable(Self.describe(errno)) }
        var done = 0
        while done < size {
            let n = POSIX.read(descriptor, into: address + done, count: size - done, at: done)
            if n < 0 {
                let code = errno
                munmap(address, size)
                throw .unreadable(Self.describe(code))
            }
            if n == 0 { break }
            done += n
        }
        guard done == size else {
            munmap(address, size)
            throw .unreadable("it was cut short while it was being read (another program is writing it?)")
        }
        return MappedBytes(address: address, count: size, path: path, guard: nil, copied: true)
    }

    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A read-only memory map of a file (or a copy of it in anonymous memory), unmapped when
/// released; while it lives, guarded by the program's `MappingGuard` against the file being
/// cut short under it.
package final class MappedBytes {
    package let bytes: UnsafeRawBufferPointer
    private let mappingGuard: (any MappingGuard)?
    private let guardSlot: Int?
    /// A copy in anonymous memory: its pages cannot be read again from the file.
    private let copied: Bool

    fileprivate init(
        address: UnsafeMutableRawPointer?, count: Int, path: String = "", guard mappingGuard: (any MappingGuard)? = nil,
        copied: Bool = false
    ) {
        bytes = UnsafeRawBufferPointer(start: address, count: count)
        self.mappingGuard = mappingGuard
        self.copied = copied
        guardSlot = address == nil ? nil : mappingGuard?.register(bytes, path: path)
    }

    /// Tells the kernel the map will be read here and there (a PBF file's blocks, from its
    /// index), not from start to end: no read-ahead around each page touched.
    package func adviseRandomAccess() {
        guard let base = bytes.baseAddress else { return }
        #if canImport(Glibc)
        _ = madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_RANDOM)
        #endif
    }

    /// Drops the pages of `range` (whole pages only) from this process's memory; they are
    /// read again (from the page cache) if touched. Keeps a sequential scan's resident size
    /// small. Nothing for a copy, whose dropped pages would read as zeros.
    package func release(_ range: Range<Int>) {
        guard !copied, let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    deinit {
        if let guardSlot { mappingGuard?.release(guardSlot) }
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
