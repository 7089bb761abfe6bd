import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTPS server on 127.0.0.1 for the TLS tests: Python's `http.server` wrapped in its `ssl`
/// module, with a certificate `openssl` makes for the names given (self-signed, so nothing
/// trusts it unless a test says so). Every POST and GET is answered `{"places": []}`.
final class FakeTLSServer: @unchecked Sendable {
    let port: Int
    /// The server's certificate (PEM), for `SSL_CERT_FILE` when a test trusts it.
    let certificate: URL
    private let process: Process
    private let directory: URL

    var baseURL: String { "https://127.0.0.1:\(port)" }

    /// `subjectAltName` as openssl writes it, e.g. `IP:127.0.0.1` or `DNS:elsewhere.example`.
    init(subjectAltName: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("certificate.pem")
        let key = directory.appendingPathComponent("key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=places-test",
            "-addext", "subjectAltName=\(subjectAltName)", "-keyout", key.path, "-out", certificate.path,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw POSIXError(.EIO) }

        let script = directory.appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, certificate.path, key.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints its port once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let piece = out.fileHandleForReading.availableData
            guard !piece.isEmpty else { break }
            line.append(piece)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw POSIXError(.EIO)
        }
        self.port = port
    }

    deinit {
        // SIGKILL: a child started from a Dispatch thread inherits its blocked signals, SIGTERM among them.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    private static let script = """
        import http.server, ssl, sys

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                body = b'{"places": []}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = answer

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
}
