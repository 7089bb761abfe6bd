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
final class LargeBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1024)
        base = Self.map(self.capacity)
    }

    deinit {
        munmap(base, capacity * MemoryLayout<Element>.stride)
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Sets the count for elements written through `base`.
    func setCount(_ newCount: Int) {
        precondition(newCount <= capacity)
        count = newCount
    }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    private func grow() {
        let larger = Self.map(capacity * 2)
        larger.update(from: base, count: count)
        munmap(base, capacity * MemoryLayout<Element>.stride)
        base = larger
        capacity *= 2
    }

    private static func map(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        let bytes = capacity * MemoryLayout<Element>.stride
        guard let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), address != MAP_FAILED else {
            fatalError("out of memory for \(bytes) bytes")
        }
        #if canImport(Glibc)
        _ = madvise(address, bytes, MADV_HUGEPAGE)
        #endif
        return address.bindMemory(to: Element.self, capacity: capacity)
    }
}
