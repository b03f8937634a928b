import Dispatch

/// Work that takes a core for a while (making a lesson, decoding a recording, hashing a password),
/// run on a thread of its own so that the server's tasks go on answering meanwhile.
enum Offload {
    private static let queue = DispatchQueue(label: "koch.serve.work", attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
