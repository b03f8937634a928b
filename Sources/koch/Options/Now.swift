import Foundation
import KochIO

/// Now for this run: `KOCH_NOW` when it is set (`RunClock`), else the system's clock.
enum Now {
    static func date() throws -> Date {
        do {
            return try RunClock.now()
        } catch {
            throw CommandFailure(description: error.description)
        }
    }
}
