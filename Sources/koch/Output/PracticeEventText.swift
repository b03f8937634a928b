import Foundation
import KochCore
import KochPractice
import KochPresentation

/// What live practice tells as it goes (`PracticeEvent`), printed as the terminal shows it.
struct PracticeEventText {
    let exercise: PracticeRequest.Exercise
    let progressFile: String

    func show(_ event: PracticeEvent) {
        switch event {
        case let .lesson(settings, .made): say(LessonCommand.describe(settings) + ", seed \(settings.seed)")
        case let .lesson(settings, .key(path)): say(LessonCommand.describe(settings) + ", from \(path)")
        case let .lesson(settings, .contact(style)): print(LessonCommand.describe(settings) + ", a \(style) contact, seed \(settings.seed)")
        case .planNote(let note): print(exercise == .characters ? note : "  " + note)
        case .warning(let text): FileHandle.standardError.write(Data((text + "\n").utf8))
        case let .soundOpened(name, latencySeconds): say("Sound: \(name), output latency \(Int((latencySeconds * 1000).rounded())) ms.")
        case .listening(let source): say("Listening: \(source). Key when you are ready.")
        case let .keying(device, speedWPM, keys): say("Keying: \(device) at \(speedWPM.formatted) WPM: \(keys.text).")
        case .hint(let hint): say(hint)
        case .contactBegins:
            print("They call; you answer. Type what you hear while they send, then key your over. Enter or Ctrl-C ends.")
        case .soundLost(let error): print("\(error)")
        case let .keyingEnded(end, source): print(Self.ended(end, source: source))
        case .contactEnded(let ending): if let text = Self.ended(ending) { print(text) }
        case let .charactersKeyed(right, attempts): print("\(right) of \(attempts) keyed right.")
        case let .graded(recorded, copy):
            print("")
            print(GradeText(recorded: recorded, copy: copy, progressFile: progressFile).text, terminator: "")
        case let .sessionKept(folder, files): print("The session is kept in \(folder): \(files.joined(separator: " and ")).")
        case let .contactGraded(grade, queries):
            print("")
            for line in QSOReportText(grade: grade, queries: queries).lines { print(line) }
        case let .contactKept(folder, files): print("The contact is kept in \(folder): \(files.joined(separator: ", ")).")
        case .contactRecorded(let grade):
            let halves = grade.received == nil ? "Your overs" : "Your overs and your copy"
            let directions = grade.sessions.map(\.direction.rawValue).joined(separator: " and ")
            print("\(halves) recorded in \(progressFile) as a QSO (\(directions)): it moves neither your level nor your schedule.")
        }
        // Before the session takes the terminal, and in order with what it draws.
        fflush(nil)
    }

    /// Prints `text`, broken at its spaces to fit the terminal.
    private func say(_ text: String) {
        print(TerminalScreen().fitted(text))
    }

    /// Why the keying stopped coming in, and that what came before is graded.
    static func ended(_ end: KeyingInputEnding, source: String) -> String {
        switch end {
        case .keyDeviceEnded(let reason): "\(reason) What was keyed before is graded."
        case .soundLost(let error): "\(error) What was keyed before is graded."
        case .recordingEnded: "\(source) has ended."
        case .notInputEvents(let reason): reason
        }
    }

    /// Why a contact ended before its script did; nil where it ran to its end.
    static func ended(_ ending: QSOSession.Ending) -> String? {
        switch ending {
        case .finished, .inputEnded: nil
        case .stopped: "Stopped: the overs before the stop are graded."
        case .soundLost(let error): "\(error) The overs before it are graded."
        case .nothingKeyed: "Nothing was keyed for \(Int(QSOSession.waitSeconds)) s: the contact ends there."
        }
    }
}
