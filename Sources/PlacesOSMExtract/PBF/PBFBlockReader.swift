/// What one thread needs to read blocks: a zlib inflater, a block's tables, room for an
/// element's tag tokens. Loading a block replaces the last one.
final class PBFBlockReader {
    let file: UnsafeRawBufferPointer
    let inflater: ZlibInflater
    let block = PBFPrimitiveBlock()
    let tokens: UnsafeMutablePointer<JSONStringToken>
    /// The block loaded now (its offset), if any, and whether all of it (not a prefix).
    private(set) var loaded: Int?
    private(set) var loadedWhole = false

    /// `checksum`: whether zlib blobs' sums are checked (see `ZlibInflater`).
    init(file: UnsafeRawBufferPointer, checksum: Bool = true) {
        self.file = file
        inflater = ZlibInflater(checksum: checksum)
        tokens = .allocate(capacity: OSMTagKey.allCases.count)
        tokens.initialize(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
    }

    deinit {
        tokens.deallocate()
    }

    /// Inflates and reads `block`'s primitive block; damage is said to be in that block.
    func load(_ block: PBFFileBlock) throws(PBFError) {
        loaded = nil
        loadedWhole = false
        do {
            try self.block.load(try PBFBlob.data(of: block, in: file, inflater: inflater))
        } catch {
            throw error.inBlock(at: block.offset)
        }
        loaded = block.offset
        loadedWhole = true
    }

    /// Loads `block` a piece at a time (a zlib blob is inflated in growing pieces), calling
    /// `visit` after each with the offset its elements start from (those before were
    /// visited already), until it returns true or the block is whole: for a reader that
    /// wants a few ways or relations, which need nothing after them in the block.
    func loadProgressively(_ block: PBFFileBlock, _ visit: (_ from: Int) throws(PBFError) -> Bool) throws(PBFError) {
        guard case .zlib(let range, let rawSize) = try PBFBlob.contents(of: block, in: file) else {
            try load(block)
            _ = try visit(0)
            return
        }
        loaded = nil
        loadedWhole = false
        func step<T>(_ work: () throws(PBFError) -> T) throws(PBFError) -> T {
            do {
                return try work()
            } catch {
                throw error.inBlock(at: block.offset)
            }
        }
        try step { () throws(PBFError) in try inflater.begin(UnsafeRawBufferPointer(rebasing: file[range]), rawSize: rawSize) }
        var wanted = 32 << 10
        var visited = 0
        while true {
            let prefix = try step { () throws(PBFError) in try inflater.inflate(atLeast: wanted) }
            if inflater.isComplete {
                try step { () throws(PBFError) in try self.block.load(prefix) }
                loaded = block.offset
                loadedWhole = true
                _ = try visit(visited)
                return
            }
            if try step({ () throws(PBFError) in try self.block.loadPrefix(prefix, wholeFrom: visited) }) {
                loaded = block.offset
                if try visit(visited) { return }
                visited = self.block.groups.last?.upperBound ?? visited
            }
            wanted += max(32 << 10, wanted / 2)
        }
    }

    /// Calls `body` with each wanted element of the loaded block until it returns false;
    /// damage is said to be in the block.
    func forEachElement(_ wanted: PBFGroupDecoder.Wanted, _ body: PBFGroupDecoder.Visit) throws(PBFError) {
        do {
            try PBFGroupDecoder(block: block, wanted: wanted).forEach(body)
        } catch {
            throw error.inBlock(at: loaded ?? 0)
        }
    }

    /// Which kinds of element the loaded block holds; damage is said to be in the block.
    func kinds() throws(PBFError) -> (nodes: Bool, ways: Bool, relations: Bool) {
        do {
            return try PBFGroupDecoder(block: block, wanted: PBFGroupDecoder.Wanted()).kinds()
        } catch {
            throw error.inBlock(at: loaded ?? 0)
        }
    }

    /// Calls `body` with `element` of the loaded block as a `ScannedElement`.
    @inline(__always)
    func withScanned<R>(_ element: PBFElement, _ body: (borrowing ScannedElement) -> R) throws(PBFError) -> R {
        try PBFScannedElement.with(element, in: block, blockOffset: loaded ?? 0, tokens: tokens, body)
    }
}
