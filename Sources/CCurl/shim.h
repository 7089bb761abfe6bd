// libcurl, as the operating system ships it (Debian: libcurl4-openssl-dev for the headers),
// driven directly on Linux so that a wait on the network sleeps (Sources/PlacesHTTP/Curl).
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: these wrappers give each argument type its own function.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// A write or header callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*places_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode places_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode places_curl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode places_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode places_curl_easy_setopt_callback(CURL *handle, CURLoption option, places_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode places_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode places_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode places_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The result of a finished transfer in a CURLMSG_DONE message (a union member in C).
static inline CURLcode places_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

/// Lets a handle speak http and https only (no file:, ftp:, and so on, whatever a URL says).
static inline CURLcode places_curl_allow_web_protocols_only(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    return curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

/// Whether this libcurl was built knowing where the system's CA certificates are (older
/// versions cannot say, and are taken to know).
static inline int places_curl_knows_ca_certificates(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075400
    char *path = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_CAINFO, &path) == CURLE_OK && path != NULL) return 1;
    path = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_CAPATH, &path) == CURLE_OK && path != NULL) return 1;
    return 0;
#else
    return 1;
#endif
}
