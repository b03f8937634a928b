import KochTestSupport

extension KochBinary {
    /// Runs koch on a new pseudo-terminal of `columns` × `lines`, as a learner runs it in a
    /// terminal, typing `typing` (`PseudoTerminal.Typing`) as it runs: what it printed (standard
    /// output and error together, with the terminal's escape codes) and its exit status.
    static func runOnTerminal(
        _ arguments: [String], environment: [String: String] = [:], typing: [PseudoTerminal.Typing] = [], columns: UInt16 = 80,
        lines: UInt16 = 24, timeoutSeconds: Double = 60
    ) throws -> PseudoTerminal.Run {
        try PseudoTerminal.run(
            path, arguments: arguments, environment: Self.environment(environment), typing: typing, columns: columns, lines: lines,
            timeoutSeconds: timeoutSeconds)
    }
}
