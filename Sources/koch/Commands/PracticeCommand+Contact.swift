import ArgumentParser
import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPractice
import KochPresentation

extension PracticeRunner {
    /// A live contact (`--kind qso`): the session, then both halves graded and recorded.
    func contact() throws {
        try requireKeying()
        guard command.keyPath == nil else {
            throw CommandFailure(description: "--key is for a lesson or exercise: koch practice --kind qso makes a contact of its own.")
        }
        try requireCopyTerminal()
        let (settings, note) = try settings(direction: .receive)
        let (style, script, render) = try contactScript(settings: settings)
        print(LessonCommand.describe(settings) + ", a \(style) contact, seed \(settings.seed)")
        if let note { print("  " + note) }
        let output = try soundOutput(sampleRateHz: settings.sampleRateHz)
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let learnerSpeedWPM = settings.characterSpeedWPM
        let input = try keyingInput(speedWPM: learnerSpeedWPM, timings: timings, soundAnnounced: true)
        print("They call; you answer. Type what you hear while they send, then key your over. Enter or Ctrl-C ends.")
        fflush(nil)
        let terminal = try terminalInput()
        let session = QSOSession(
            script: script, render: render, settings: settings,
            learnerTiming: Timing(characterSpeedWPM: learnerSpeedWPM, effectiveSpeedWPM: learnerSpeedWPM), show: command.show)
        let result = session.run(output: output, input: input, terminal: terminal, screen: TerminalScreen())
        terminal.close()
        try writeTimings(timings)
        switch result.ending {
        case .finished: break
        case .stopped: print("Stopped: the overs before the stop are graded.")
        case .inputEnded(let end): try report(end, source: input.source)
        case .soundLost(let error): print("\(error) The overs before it are graded.")
        case .nothingKeyed: print("Nothing was keyed for \(Int(QSOSession.waitSeconds)) s: the contact ends there.")
        }
        try gradeContact(result, settings: settings, style: style, learnerSpeedWPM: learnerSpeedWPM, input: input)
    }

    /// The contact's script: a style as `koch lesson --kind qso` chooses it (`--qso-style`, or
    /// the learner's level's), a contact drawn from the seed.
    func contactScript(settings: LessonSettings) throws -> (style: String, script: QSOScript, render: QSOScript.Renderer) {
        let templates = try Templates()
        let (plan, _) = try LessonCommand.learnerPlan(
            level: command.level, lesson: command.content.lessonCourse, direction: .receive, store: store)
        let composer = try QSOComposer(templates: templates, style: command.content.qsoStyle, level: settings.level, course: plan.course)
        let (name, contact) = QSOLiveContact.draw(styles: composer.styles, seed: settings.seed)
        let render: QSOScript.Renderer = { try templates.render(name, $0.context) }
        do {
            return (String(name.dropFirst("qso/".count)), try QSOScript(contact: contact, render: render), render)
        } catch {
            throw CommandFailure(description: "\(templates.origin(of: name)): \(error)")
        }
    }

    /// Keeps the contact's key, copy and keying in practice/, prints the report, and records
    /// both halves in one write (the receive half only where a copy was typed), or neither.
    func gradeContact(_ result: QSOSession.Result, settings: LessonSettings, style: String, learnerSpeedWPM: Double, input: LiveKeyingInput)
        throws
    {
        let grading: QSOSessionGrading
        do {
            grading = try QSOSessionGrading(
                result: result, settings: settings, style: style, learnerSpeedWPM: learnerSpeedWPM,
                createdAt: CreationDate.date(now: try Now.date()))
        } catch let refusal as QSOSessionGrading.Refusal {
            throw CommandFailure(description: "\(refusal) Nothing was recorded: \(store.path) was not changed.")
        }
        // Named for both its sessions (R02-… and S02-…): the level and the contact's hash they share.
        let base = "koch-qso-\(style)-\(grading.key.lessonID.dropFirst())"
        let keyPath = try keep(grading.key, base: base)
        let copyPath = try grading.copy.map { try keepCopy($0, base: base) }
        let returned: LessonReturn
        let kept: String
        do {
            (returned, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        } catch let refusal as KeyingInputRefusal {
            throw CommandFailure(description: "\(refusal) \(store.path) was not changed.")
        }
        do {
            try grading.check()
        } catch {
            throw CommandFailure(description: "\(error) \(store.path) was not changed.")
        }
        print("")
        for line in QSOReportText(grade: grading.grade, queries: result.contact.queries).lines { print(line) }
        let files = [keyPath, copyPath, kept].compactMap { $0.map { URL(fileURLWithPath: $0).lastPathComponent } }
        print("The contact is kept in \(folder.path): \(files.joined(separator: ", ")).")
        let now = LocalTimestamp(date: try Now.date(), timeZone: .current)
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: grading.key.lessonID, progressFile: store.path, date: nil, copySource: copyPath ?? "",
            returnSource: copyPath ?? "")
        let grade: QSOGrade
        do {
            grade = try grading.grading(done: now, gradedAt: now)
        } catch let refused as QSOGrading.Refusal {
            let overs = ContactOversCommand(keyPath: keyPath, returned: returned, kept: kept, progressFile: store.path, done: now)
            throw Self.contactFailure(refused, refusals: refusals, overs: overs)
        }
        try recordContact(grade, refusals: refusals)
    }

    /// Records both halves of a contact as QSO sessions in one write, by the rule every grader shares.
    private func recordContact(_ grade: QSOGrade, refusals: GradeRefusalText) throws {
        let recorded: RecordedQSOGrade
        do {
            recorded = try grade.record(in: store, replace: false, dryRun: false)
        } catch let refused as SessionRecording.Refusal {
            throw refusals.failure(refused, of: grade.sent)
        }
        if let writeFailure = recorded.writeFailure { throw writeFailure }
        let halves = grade.received == nil ? "Your overs" : "Your overs and your copy"
        let directions = grade.sessions.map(\.direction.rawValue).joined(separator: " and ")
        print("\(halves) recorded in \(store.path) as a QSO (\(directions)): it moves neither your level nor your schedule.")
    }
}
