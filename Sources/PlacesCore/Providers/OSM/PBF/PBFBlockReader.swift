/// What one thread needs to read blocks: a zlib inflater, a block's tables, room for an
/// element's tag tokens. Loading a block replaces the last one.
final class PBFBlockReader {
    let file: UnsafeRawBufferPointer
    let inflater = ZlibInflater()
    let block = PBFPrimitiveBlock()
    let tokens: UnsafeMutablePointer<JSONStringToken>
    /// The block loaded now (its offset), if any.
    private(set) var loaded: Int?

    init(file: UnsafeRawBufferPointer) {
        self.file = file
        tokens = .allocate(capacity: OSMTagKey.allCases.count)
        tokens.initialize(repeating: ScannedElement.absent, count: OSMTagKey.allCases.count)
    }

    deinit {
        tokens.deallocate()
    }

    /// Inflates and reads `block`'s primitive block; damage is said to be in that block.
    func load(_ block: PBFFileBlock) throws(PBFError) {
        loaded = nil
        do {
            try self.block.load(try PBFBlob.data(of: block, in: file, inflater: inflater))
        } catch {
            throw error.inBlock(at: block.offset)
        }
        loaded = block.offset
    }

    /// Calls `body` with each wanted element of the loaded block; damage is said to be in it.
    func forEachElement(_ wanted: PBFGroupDecoder.Wanted, _ body: (inout PBFElement) throws(PBFError) -> Void) throws(PBFError) {
        do {
            try PBFGroupDecoder(block: block, wanted: wanted).forEach(body)
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
