import Foundation
import KochTestSupport
import Testing

@testable import KochPractice

@Suite struct TerminalInputTests {
    static func settings(_ descriptor: Int32) -> termios {
        var settings = termios()
        tcgetattr(descriptor, &settings)
        return settings
    }

    static func keys(_ input: TerminalInput, count: Int) -> [TerminalKey?] {
        (0..<count).map { _ in input.next(timeoutSeconds: 1) }
    }

    @Test func putsATerminalInRawModeAndRestoresItOnClose() throws {
        let terminal = try PseudoTerminalPair()
        let before = Self.settings(terminal.secondary)
        #expect(before.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == tcflag_t(ICANON | ECHO | ISIG))
        let input = try TerminalInput(descriptor: terminal.secondary)
        #expect(input.isTerminal)
        #expect(Self.settings(terminal.secondary).c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        input.close()
        #expect(Self.settings(terminal.secondary).c_lflag == before.c_lflag)
        #expect(Self.settings(terminal.secondary).c_iflag == before.c_iflag)
    }

    @Test func restoresTheTerminalWhenReleased() throws {
        let terminal = try PseudoTerminalPair()
        let before = Self.settings(terminal.secondary)
        do {
            let input = try TerminalInput(descriptor: terminal.secondary)
            #expect(Self.settings(terminal.secondary).c_lflag != before.c_lflag)
            _ = input
        }
        #expect(Self.settings(terminal.secondary).c_lflag == before.c_lflag)
    }

    @Test func decodesEachKeyAsPressedWithoutEnter() throws {
        let terminal = try PseudoTerminalPair()
        let input = try TerminalInput(descriptor: terminal.secondary)
        terminal.write(Array("kM".utf8) + [32, 127, 8, 13] + Array("é".utf8) + [3, 4])
        #expect(
            Self.keys(input, count: 10) == [
                .character("k"), .character("M"), .space, .backspace, .backspace, .enter, .character("é"), .interrupt, .endOfInput, nil,
            ])
        // Nothing typed reaches the screen: no echo.
        #expect(terminal.read(timeoutSeconds: 0.1).bytes.isEmpty)
    }

    @Test func swallowsEscapeSequencesWhole() throws {
        let terminal = try PseudoTerminalPair()
        let input = try TerminalInput(descriptor: terminal.secondary)
        // Up arrow, F5, an arrow in application mode, Alt-x, then K.
        terminal.write(Array("\u{1B}[A\u{1B}[15~\u{1B}OB\u{1B}xK".utf8))
        #expect(Self.keys(input, count: 5) == [.other, .other, .other, .other, .character("K")])
    }

    @Test func escapeOnItsOwnIsOneKey() throws {
        let terminal = try PseudoTerminalPair()
        let input = try TerminalInput(descriptor: terminal.secondary)
        terminal.write([0x1B])
        #expect(input.next(timeoutSeconds: 1) == .other)
        terminal.write(Array("K".utf8))
        #expect(input.next(timeoutSeconds: 1) == .character("K"))
    }

    @Test func aCharacterSplitAcrossReadsIsOneKey() throws {
        let terminal = try PseudoTerminalPair()
        let input = try TerminalInput(descriptor: terminal.secondary)
        let bytes = Array("€".utf8)
        terminal.write(Array(bytes.prefix(1)))
        Thread.sleep(forTimeInterval: 0.01)
        terminal.write(Array(bytes.dropFirst()))
        #expect(input.next(timeoutSeconds: 1) == .character("€"))
    }

    @Test func readsAPipeAsItsBytesComeAndEndsAtItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let input = try TerminalInput(descriptor: ends[0])
        #expect(!input.isTerminal)
        #expect(input.next(timeoutSeconds: 0.05) == nil)
        _ = write(ends[1], "q", 1)
        close(ends[1])
        #expect(Self.keys(input, count: 3) == [.character("q"), .endOfInput, .endOfInput])
    }
}

/// Serialized: each test hands its child process the terminal through the environment.
@Suite(.serialized) struct TerminalRestorationTests {
    /// The terminal a child process of the test puts in raw mode before a signal ends it.
    static let terminalPathVariable = "KOCH_TEST_TERMINAL_PATH"
    static let signalVariable = "KOCH_TEST_SIGNAL"

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalEndingTheProcessRestoresTheTerminalFirst(_ number: Int32) async throws {
        let terminal = try PseudoTerminalPair()
        let before = TerminalInputTests.settings(terminal.secondary)
        setenv(Self.terminalPathVariable, terminal.path, 1)
        setenv(Self.signalVariable, "\(number)", 1)
        await #expect(processExitsWith: .signal(number)) {
            let environment = ProcessInfo.processInfo.environment
            guard let path = environment[TerminalRestorationTests.terminalPathVariable],
                let number = environment[TerminalRestorationTests.signalVariable].flatMap(Int32.init)
            else { exit(10) }
            let descriptor = open(path, O_RDWR | O_NOCTTY)
            guard let input = try? TerminalInput(descriptor: descriptor) else { exit(11) }
            guard TerminalInputTests.settings(descriptor).c_lflag & tcflag_t(ICANON) == 0 else { exit(12) }
            // The test's child process may start with signals blocked; koch does not.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, number)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            raise(number)
            _ = input
            exit(13)
        }
        #expect(TerminalInputTests.settings(terminal.secondary).c_lflag == before.c_lflag)
    }

    @Test func exitingWithoutClosingRestoresTheTerminal() async throws {
        let terminal = try PseudoTerminalPair()
        let before = TerminalInputTests.settings(terminal.secondary)
        setenv(Self.terminalPathVariable, terminal.path, 1)
        await #expect(processExitsWith: .exitCode(4)) {
            guard let path = ProcessInfo.processInfo.environment[TerminalRestorationTests.terminalPathVariable] else { exit(10) }
            let descriptor = open(path, O_RDWR | O_NOCTTY)
            guard let input = try? TerminalInput(descriptor: descriptor) else { exit(11) }
            guard TerminalInputTests.settings(descriptor).c_lflag & tcflag_t(ICANON) == 0 else { exit(12) }
            _ = input
            exit(4)
        }
        #expect(TerminalInputTests.settings(terminal.secondary).c_lflag == before.c_lflag)
    }
}
