import ArgumentParser
import Foundation

/// The teacher's password, from the terminal without echo (asked twice), or one line of standard input.
enum PasswordReading {
    static func read() throws -> String {
        let password: String
        if isatty(STDIN_FILENO) == 1 {
            let first = try prompt("Teacher's password: ")
            let second = try prompt("Again: ")
            guard first == second else { throw ValidationError("The two passwords differ; nothing was set.") }
            password = first
        } else {
            guard let line = readLine(strippingNewline: true) else { throw ValidationError("No password on standard input; nothing was set.") }
            password = line
        }
        return password
    }

    private static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else { throw ValidationError("No password given; nothing was set.") }
        return line
    }
}
