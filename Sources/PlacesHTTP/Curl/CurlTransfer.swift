#if canImport(FoundationNetworking)
import CCurl
import Foundation
import FoundationNetworking

/// Where a transfer's events go. Called on the driver's thread, one at a time and in order;
/// `received` returns false once nobody wants more, which ends the transfer.
protocol CurlTransferEvents: AnyObject, Sendable {
    func received(_ response: HTTPURLResponse) -> Bool
    func received(_ data: Data) -> Bool
    /// The last event: nil when the answer arrived whole.
    func finished(with failure: URLError?)
}

/// One request as a libcurl easy handle: its options, the response's head read line by line,
/// the body handed on as it arrives. Redirects are never followed here (`URLSessionTransport`
/// decides), and the handle speaks http and https only.
final class CurlTransfer: @unchecked Sendable {
    /// More response head than this is no answer a provider sends (a few kilobytes). Below
    /// libcurl's own limits, which differ by version, so that the refusal says what happened.
    static let maxHeadBytes = 256 << 10

    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let url: URL
    private let events: CurlTransferEvents

    // The response's head, touched only by libcurl's callbacks on the driver's thread.
    private var statusLine = ""
    private var headerLines: [String] = []
    private var headBytes = 0
    private var responseDelivered = false
    /// Why the transfer was ended from a callback, when the answer itself was at fault.
    private var refusal: URLError.Code?

    /// Sets up `request` as an easy handle; nil when libcurl refuses it (the reason in `failure`).
    init?(_ request: URLRequest, events: CurlTransferEvents, failure: inout URLError?) {
        guard let url = request.url, let handle = curl_easy_init() else {
            failure = URLError(.badURL)
            return nil
        }
        self.handle = handle
        self.url = url
        self.events = events
        if let problem = configure(request) {
            failure = problem
            return nil
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
    }

    private func configure(_ request: URLRequest) -> URLError? {
        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        let context = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())

        set(url.absoluteString.withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_URL, $0) })
        set(places_curl_allow_web_protocols_only(handle))
        set(places_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        set(places_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        set(places_curl_easy_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
        // Every encoding this libcurl can decode is offered, and the body arrives decoded.
        set("".withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_ACCEPT_ENCODING, $0) })
        let timeout = request.timeoutInterval.isFinite ? min(max(request.timeoutInterval, 1), 86_400) : 86_400
        set(places_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000)))
        if let bundle = Self.chosenCertificateFile {
            set(bundle.withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_CAINFO, $0) })
        } else if let directory = Self.chosenCertificateDirectory {
            set(directory.withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_CAPATH, $0) })
        } else if places_curl_knows_ca_certificates(handle) == 0, let bundle = Self.systemCertificateBundle {
            set(bundle.withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_CAINFO, $0) })
        }
        set(places_curl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        set(places_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        set(places_curl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback))
        set(places_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))

        let method = request.httpMethod ?? "GET"
        let body = request.httpBody
        switch method {
        case "GET" where body == nil:
            set(places_curl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1))
        case "HEAD" where body == nil:
            set(places_curl_easy_setopt_long(handle, CURLOPT_NOBODY, 1))
        default:
            if method != "POST" { set(method.withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, $0) }) }
            if let body {
                set(places_curl_easy_setopt_long(handle, CURLOPT_POST, 1))
                set(places_curl_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                set(Self.copyBody(body, into: handle))
            }
        }

        var lines: [String] = []
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            // A header of no value is written `Name;` (libcurl's way to send it empty).
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // A body goes out at once, without waiting for `100 Continue`.
        if body != nil { lines.append("Expect:") }
        for line in lines.sorted() {
            guard let appended = curl_slist_append(headerList, line) else {
                code = CURLE_OUT_OF_MEMORY
                break
            }
            headerList = appended
        }
        set(places_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        return code == CURLE_OK ? nil : CurlResult.urlError(for: code, handle: handle)
    }

    private static func copyBody(_ body: Data, into handle: UnsafeMutableRawPointer) -> CURLcode {
        guard !body.isEmpty else { return "".withCString { places_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0) } }
        return body.withUnsafeBytes { places_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
    }

    /// The CA certificates the user chose instead of the system's, as curl and OpenSSL read them:
    /// `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` (a file of PEM certificates).
    private static let chosenCertificateFile: String? = environment("CURL_CA_BUNDLE") ?? environment("SSL_CERT_FILE")
    /// `SSL_CERT_DIR`: a directory of hashed PEM certificates, when no file was chosen.
    private static let chosenCertificateDirectory: String? = environment("SSL_CERT_DIR")

    private static func environment(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// Where the system keeps its CA certificates, for a libcurl built without a default
    /// (FoundationNetworking looks in the same places).
    private static let systemCertificateBundle: String? = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/usr/share/ssl/certs/ca-bundle.crt",
        "/usr/local/share/certs/ca-root-nss.crt", "/etc/ssl/cert.pem",
    ].first { FileManager.default.isReadableFile(atPath: $0) }

    // MARK: - libcurl's callbacks (the driver's thread)

    /// One line of the response's head, CR LF included. A status line starts a head (a `1xx`
    /// head is followed by another); the empty line ends it.
    fileprivate func headerLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !responseDelivered else { return true }  // trailers after a chunked body
        headBytes += bytes.count
        guard headBytes <= Self.maxHeadBytes else {
            refusal = .dataLengthExceedsMaximum
            return false
        }
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            statusLine = line
            headerLines = []
            return true
        }
        if !line.isEmpty {
            headerLines.append(line)
            return true
        }
        var status = 0
        _ = places_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard status >= 200 else { return true }
        return deliverResponse(status: status)
    }

    fileprivate func body(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !responseDelivered {
            var status = 0
            _ = places_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            guard deliverResponse(status: status) else { return false }
        }
        return events.received(Data(buffer: bytes))
    }

    /// The driver removed the handle from its multi handle with `result`.
    func completed(with result: CURLcode) {
        if let refusal {
            events.finished(with: URLError(refusal))
            return
        }
        guard result == CURLE_OK else {
            events.finished(with: CurlResult.urlError(for: result, handle: handle))
            return
        }
        if !responseDelivered {
            var status = 0
            _ = places_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            guard deliverResponse(status: status) else {
                events.finished(with: URLError(.cancelled))
                return
            }
        }
        events.finished(with: nil)
    }

    private func deliverResponse(status: Int) -> Bool {
        responseDelivered = true
        guard (100...999).contains(status),
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: httpVersion, headerFields: headerFields())
        else {
            refusal = .badServerResponse
            return false
        }
        return events.received(response)
    }

    private var httpVersion: String {
        statusLine.split(separator: " ", maxSplits: 1).first.map(String.init) ?? "HTTP/1.1"
    }

    /// The head's fields; a name given twice has its values joined with ", " (RFC 9110 §5.3),
    /// and a line folded onto the next (obsolete, RFC 9112 §5.2) is joined with a space.
    private func headerFields() -> [String: String] {
        var fields: [String: String] = [:]
        var spelling: [String: String] = [:]
        var last: String?
        for line in headerLines {
            if line.first == " " || line.first == "\t", let name = last, let value = fields[name] {
                fields[name] = value + " " + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let written = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            guard !written.isEmpty else { continue }
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let name = spelling[written.lowercased()] ?? written
            spelling[written.lowercased()] = name
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
            last = name
        }
        return fields
    }
}

private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
    context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

/// CURLOPT_HEADERFUNCTION: returning other than the length given ends the transfer.
private let curlHeaderCallback: places_curl_data_callback = { buffer, size, count, context in
    let length = size * count
    guard let buffer, let transfer = transfer(context) else { return 0 }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
    return transfer.headerLine(bytes) ? length : 0
}

/// CURLOPT_WRITEFUNCTION: as the header callback, for the (decoded) body.
private let curlWriteCallback: places_curl_data_callback = { buffer, size, count, context in
    let length = size * count
    guard let buffer, let transfer = transfer(context) else { return 0 }
    guard length > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
    return transfer.body(bytes) ? length : 0
}
#endif
