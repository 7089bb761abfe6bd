#!/usr/bin/env python3
"""A loopback HTTP/1.1 server that answers every request after DELAY seconds, for
Scripts/bench.sh's idle-wait measurement. Keep-alive, like the real services; the first
request on each connection waits FIRST_DELAY instead (default DELAY), to tell the wait on a
new connection from the wait on a reused one.

  delaying-server.py PORT DELAY [FIRST_DELAY]

POST /v1/places:searchNearby   Google Places (New): {"places": []}
GET  /places/search            Foursquare: 50 places a page, a Link to the next page for 3 pages
"""
import http.server, json, socketserver, sys, time, urllib.parse

PORT, DELAY = int(sys.argv[1]), float(sys.argv[2])
FIRST_DELAY = float(sys.argv[3]) if len(sys.argv) > 3 else DELAY


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Head and body are two writes; without TCP_NODELAY a kept-alive connection adds a
    # delayed-ACK pause (about 40 ms) to every answer after the first.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        # One handler object serves one connection.
        self.answered = getattr(self, "answered", 0) + 1
        time.sleep(FIRST_DELAY if self.answered == 1 else DELAY)
        url = urllib.parse.urlsplit(self.path)
        headers = {"Content-Type": "application/json"}
        if url.path == "/places/search":
            query = urllib.parse.parse_qs(url.query)
            page = int(query.get("cursor", ["0"])[0])
            places = [{"fsq_place_id": "p%d-%d" % (page, i), "name": "Place %d-%d" % (page, i),
                       "latitude": 60.1699 + i * 1e-5, "longitude": 24.9384} for i in range(50)]
            body = {"results": places}
            if page < 2:
                query["cursor"] = [str(page + 1)]
                next_url = "http://127.0.0.1:%d/places/search?%s" % (PORT, urllib.parse.urlencode(query, doseq=True))
                headers["Link"] = '<%s>; rel="next"' % next_url
        else:
            body = {"places": []}
        data = json.dumps(body).encode()
        self.send_response(200)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = answer
    do_POST = answer


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


Server(("127.0.0.1", PORT), Handler).serve_forever()
