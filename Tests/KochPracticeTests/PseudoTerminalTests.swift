import Foundation
import KochTestSupport
import Testing

@Suite struct PseudoTerminalTests {
    @Test func runsAProgramWithTheTerminalAsItsControllingTerminal() throws {
        let run = try PseudoTerminal.run(
            "/bin/sh",
            arguments: ["-c", "stty size; test -t 0 && test -t 1 && test -t 2 && echo on a terminal; (: </dev/tty) && echo controlling; exit 3"],
            environment: ["PATH": "/usr/bin:/bin"], columns: 50, lines: 20, timeoutSeconds: 10)
        #expect(run.output.contains("20 50"))
        #expect(run.output.contains("on a terminal"))
        #expect(run.output.contains("controlling"))
        #expect(run.status == 3)
    }

    @Test func typesAtChosenMomentsAndOnceOutputAppears() throws {
        let run = try PseudoTerminal.run(
            "/bin/sh", arguments: ["-c", "echo ready; read first; echo \"first=$first\"; read second; echo \"second=$second\""],
            environment: ["PATH": "/usr/bin:/bin"],
            typing: [.init(.onceOutputContains("ready"), "one\n"), .init(.afterSeconds(0.3), "two\n")], timeoutSeconds: 10)
        #expect(run.output.contains("first=one"))
        #expect(run.output.contains("second=two"))
        #expect(run.status == 0)
    }

    @Test func killsAProgramThatOutstaysTheTimeoutAndSaysWhatItPrinted() throws {
        #expect(throws: PseudoTerminal.Failure.self) {
            try PseudoTerminal.run("/bin/sh", arguments: ["-c", "echo started; sleep 30"], timeoutSeconds: 0.5)
        }
    }

    @Test func reportsASignalAsAnExitStatus() throws {
        let run = try PseudoTerminal.run("/bin/sh", arguments: ["-c", "kill -TERM $$"], timeoutSeconds: 10)
        #expect(run.status == 128 + SIGTERM)
    }
}
