import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback fake every HTTP test stands on. A CI run once crashed because stopping a
/// fake closed its listener twice: the second close hit a pipe another test had opened
/// on the reused descriptor number, and that test's read failed with EBADF.
@Suite("FakeHTTPServer")
struct FakeHTTPServerTests {
    @Test func stoppingTwiceNeverClosesADescriptorReusedByAnotherFile() throws {
        let server = try FakeHTTPServer { _ in .json(200, "{}") }
        let number = server.listener
        server.stop()
        for _ in 0..<100 where !server.isClosed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.isClosed)
        // Open descriptors until one takes the listener's old number (the lowest free
        // number is reused), so that a stray second close would hit it.
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        for _ in 0..<64 {
            let fd = open("/dev/null", O_RDONLY)
            try #require(fd >= 0)
            opened.append(fd)
            if fd == number { break }
        }
        server.stop()
        server.stop()
        for fd in opened {
            #expect(fcntl(fd, F_GETFD) != -1, "descriptor \(fd) was closed behind its owner's back")
        }
    }
}
