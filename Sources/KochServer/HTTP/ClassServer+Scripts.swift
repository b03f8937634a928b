import Hummingbird
import KochIO

extension ClassServer {
    /// The pages' scripts, built into the program from `data/server/`: each at its own route (no file
    /// name is taken from a request), with its SHA-256 as its ETag and `no-cache`, so that a phone
    /// asks again on each visit and gets a 304 unless the server was updated. Each is read once.
    func addScriptRoutes(to router: Router<Context>) throws {
        for name in ["upload.js", "live-page.js", "live-copy.js", "live-key.js", "live-microphone.js"] {
            let text = try ServerFiles.text(name)
            let tag = "\"" + FileChecksum.sha256Hex(of: Array(text.utf8)).prefix(32) + "\""
            router.get("/static/\(name)") { request, _ in
                let unchanged = request.headers[.ifNoneMatch]?.contains(tag) == true
                var response = unchanged ? Response(status: .notModified) : Reply.text(text, type: "text/javascript; charset=utf-8")
                response.headers[.eTag] = tag
                response.headers[.cacheControl] = "no-cache"
                return response
            }
        }
    }
}
