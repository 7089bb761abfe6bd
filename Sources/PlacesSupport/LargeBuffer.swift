#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain values in its own anonymous memory map, for buffers of
/// millions of entries: the room is reserved up front without being touched, and on Linux
/// it is backed by 2 MiB pages where the kernel allows, so filling 40 MB costs a few dozen
/// page faults rather than ten thousand.
///
/// Running out of memory is not a crash: `init` gives nil when even the room asked for
/// cannot be mapped, and `append` returns false (and keeps nothing more) once the buffer
/// could not grow; `failed` then stays true.
package final class LargeBuffer<Element: BitwiseCopyable> {
    package private(set) var base: UnsafeMutablePointer<Element>
    package private(set) var count = 0
    private(set) var capacity: Int
    /// Whether an `append` was refused for want of memory.
    private(set) var failed = false

    /// Room for `capacity` elements (at least 1024); nil when that cannot be mapped.
    package convenience init?(capacity: Int) {
        self.init(capacity: capacity, fallingBack: false)
    }

    /// Room for about `hint` elements if the system will reserve it, else for fewer (the
    /// buffer grows as needed): for a size guessed from a file's length, which may be absurd.
    package convenience init?(reserving hint: Int) {
        self.init(capacity: min(hint, Self.largestReservation), fallingBack: true)
    }

    private init?(capacity: Int, fallingBack: Bool) {
        var capacity = max(capacity, 1024)
        var base = Self.map(capacity)
        while base == nil, fallingBack, capacity > 1024 {
            capacity = max(capacity / 4, 1024)
            base = Self.map(capacity)
        }
        guard let base else { return nil }
        self.capacity = capacity
        self.base = base
    }

    /// 2^26 elements (2.7 GB of 40-byte entries) reserved at most up front.
    static var largestReservation: Int { 1 << 26 }

    deinit {
        munmap(base, capacity * MemoryLayout<Element>.stride)
    }

    @inline(__always) @discardableResult
    package func append(_ element: Element) -> Bool {
        if count == capacity, !grow() { return false }
        (base + count).initialize(to: element)
        count += 1
        return true
    }

    /// Appends every element of `elements`; false (keeping none of them) when the buffer
    /// could not grow.
    @discardableResult
    package func append(contentsOf elements: UnsafeRawBufferPointer) -> Bool {
        let n = elements.count / MemoryLayout<Element>.stride
        while count + n > capacity {
            if !grow() { return false }
        }
        if n > 0, let source = elements.baseAddress {
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: n * MemoryLayout<Element>.stride)
        }
        count += n
        return true
    }

    @inline(__always) package subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Sets the count for elements written through `base`.
    package func setCount(_ newCount: Int) {
        // Not reachable by data: the builder writes at most chunkEntries (the capacity) before setting the count.
        precondition(newCount <= capacity)
        count = newCount
    }

    package var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    private func grow() -> Bool {
        guard !failed, capacity <= Int.max / 2 / MemoryLayout<Element>.stride, let larger = Self.map(capacity * 2) else {
            failed = true
            return false
        }
        larger.update(from: base, count: count)
        munmap(base, capacity * MemoryLayout<Element>.stride)
        base = larger
        capacity *= 2
        return true
    }

    private static func map(_ capacity: Int) -> UnsafeMutablePointer<Element>? {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            address != MAP_FAILED
        else { return nil }
        #if canImport(Glibc)
        _ = madvise(address, bytes, MADV_HUGEPAGE)
        #endif
        return address.bindMemory(to: Element.self, capacity: capacity)
    }
}
