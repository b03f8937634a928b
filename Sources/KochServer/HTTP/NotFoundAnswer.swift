import Hummingbird

/// A request no route takes, or a method a route does not take, answered as every other refusal is:
/// the server's 404 page (JSON under `/api/`), not an empty body.
struct NotFoundAnswer<Context: RequestContext>: RouterMiddleware {
    let pages: Pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            return Reply.refusal(.unknown, api: request.uri.path.hasPrefix("/api/"), pages: pages)
        }
    }
}
