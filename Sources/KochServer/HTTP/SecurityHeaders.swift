import HTTPTypes
import Hummingbird

/// The headers every response carries: no page of the server's in another site's frame, no
/// guessing of types, no learner's link (which is their key) sent on as a referrer, and only the
/// server's own scripts, styles and media.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrerPolicy = HTTPField.Name("Referrer-Policy") { response.headers[referrerPolicy] = "no-referrer" }
        if let frameOptions = HTTPField.Name("X-Frame-Options") { response.headers[frameOptions] = "DENY" }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = InlineScripts.policy.replacingOccurrences(of: "%@", with: "")
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
