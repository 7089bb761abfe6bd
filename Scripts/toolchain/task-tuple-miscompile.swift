// The smallest program showing the Swift 6.3.1 miscompile behind issue 21 (docs/toolchain-issues.md).
// Built with -Onone it prints "(1, 1) (2, 2)"; with -O on 6.3.1 (x86_64 Linux) "(0, 1) (0, 2)".
struct Failure: Error {}

@inline(never) func work(_ i: Int) throws -> Int {
    if i < 0 { throw Failure() }
    return i
}

@inline(never) func pair(_ index: Int) async -> (Int, Int) {
    await Task { do { return (index, try work(index)) } catch { return (index, -1) } }.value
}

print(await pair(1), await pair(2))
