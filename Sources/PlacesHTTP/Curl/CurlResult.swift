#if canImport(FoundationNetworking)
import CCurl
import Foundation
import FoundationNetworking

/// What a libcurl result code means as a `URLError`, the vocabulary `URLSessionExchange`
/// classifies (as FoundationNetworking maps it, with the TLS and broken-connection codes
/// named rather than left unknown).
enum CurlResult {
    static func urlError(for code: CURLcode, handle: UnsafeMutableRawPointer) -> URLError {
        URLError(self.code(for: code, handle: handle))
    }

    private static func code(for code: CURLcode, handle: UnsafeMutableRawPointer) -> URLError.Code {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_COULDNT_CONNECT:
            var errno = 0
            _ = places_curl_easy_getinfo_long(handle, CURLINFO_OS_ERRNO, &errno)
            return errno == Int(ETIMEDOUT) ? .timedOut : .cannotConnectToHost
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotFindHost
        case CURLE_PEER_FAILED_VERIFICATION:
            var verdict = 0
            _ = places_curl_easy_getinfo_long(handle, CURLINFO_SSL_VERIFYRESULT, &verdict)
            return certificateCode(for: verdict)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_ISSUER_ERROR, CURLE_USE_SSL_FAILED:
            return .secureConnectionFailed
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .networkConnectionLost
        // Only http and https reach libcurl here, so an unsupported protocol is an answer in
        // HTTP/0.9 (no status line), which libcurl refuses.
        case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL:
            return .badServerResponse
        case CURLE_BAD_CONTENT_ENCODING:
            return .cannotDecodeContentData
        case CURLE_URL_MALFORMAT:
            return .badURL
        case CURLE_OUT_OF_MEMORY:
            return .cannotLoadFromNetwork
        case CURLE_WRITE_ERROR, CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .unknown
        }
    }

    /// OpenSSL's verdict on the server's certificate (`X509_V_ERR_*`, as CURLINFO_SSL_VERIFYRESULT
    /// gives it), in URLError's words.
    private static func certificateCode(for verdict: Int) -> URLError.Code {
        switch verdict {
        case 9: return .serverCertificateNotYetValid  // X509_V_ERR_CERT_NOT_YET_VALID
        case 10: return .serverCertificateHasBadDate  // X509_V_ERR_CERT_HAS_EXPIRED
        // Self-signed, self-signed in the chain, issuer unknown locally, leaf alone unverifiable.
        case 18, 19, 20, 21: return .serverCertificateHasUnknownRoot
        default: return .serverCertificateUntrusted  // X509_V_ERR_HOSTNAME_MISMATCH (62) among others
        }
    }
}
#endif
