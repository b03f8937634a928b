import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO

extension PracticeService {
    /// A live contact: the session, then both halves graded and recorded.
    func contact() throws {
        try requireKeying()
        guard request.keyPath == nil else { throw PracticeRefusal.contactFromKey }
        try requireCopyTerminal()
        let (settings, plan, note) = try settings(direction: .receive)
        let (style, script, render) = try contactScript(settings: settings, course: plan.course)
        emit(.lesson(settings, origin: .contact(style: style)))
        if let note { emit(.planNote(note)) }
        let output = try soundOutput(sampleRateHz: settings.sampleRateHz)
        let timings = PracticeTimings(nowSeconds: MonotonicClock.seconds())
        let learnerSpeedWPM = settings.characterSpeedWPM
        let input = try keyingInput(speedWPM: learnerSpeedWPM, timings: timings, soundAnnounced: true)
        emit(.contactBegins)
        let terminal = try terminalInput()
        let session = QSOSession(
            script: script, render: render, settings: settings,
            learnerTiming: Timing(characterSpeedWPM: learnerSpeedWPM, effectiveSpeedWPM: learnerSpeedWPM), show: request.show)
        let result = session.run(output: output, input: input, terminal: terminal, screen: terminalEdge.screen())
        terminal.close()
        try writeTimings(timings)
        switch result.ending {
        case .finished: break
        case .inputEnded(let end): try report(end, source: input.source)
        case .stopped, .soundLost, .nothingKeyed: emit(.contactEnded(result.ending))
        }
        try gradeContact(result, settings: settings, style: style, learnerSpeedWPM: learnerSpeedWPM, input: input)
    }

    /// The contact's script: a style as `koch lesson --kind qso` chooses it (the style asked, or
    /// the learner's level's), a contact drawn from the seed.
    func contactScript(settings: LessonSettings, course: KochCourse) throws -> (style: String, script: QSOScript, render: QSOScript.Renderer) {
        let templates = try Templates()
        let composer = try QSOComposer(templates: templates, style: request.qsoStyle, level: settings.level, course: course)
        let (name, contact) = QSOLiveContact.draw(styles: composer.styles, seed: settings.seed)
        let render: QSOScript.Renderer = { try templates.render(name, $0.context) }
        do {
            return (String(name.dropFirst("qso/".count)), try QSOScript(contact: contact, render: render), render)
        } catch {
            throw PracticeRefusal.contactTemplate(origin: templates.origin(of: name), problem: "\(error)")
        }
    }

    /// Keeps the contact's key, copy and keying in practice/, tells the report, and records both
    /// halves in one write (the receive half only where a copy was typed), or neither.
    func gradeContact(_ result: QSOSession.Result, settings: LessonSettings, style: String, learnerSpeedWPM: Double, input: LiveKeyingInput)
        throws
    {
        let grading: QSOSessionGrading
        do {
            grading = try QSOSessionGrading(
                result: result, settings: settings, style: style, learnerSpeedWPM: learnerSpeedWPM, createdAt: CreationDate.date(now: try now()))
        } catch let refusal as QSOSessionGrading.Refusal {
            throw PracticeRefusal.contactNotGradable(refusal, progressFile: store.path)
        }
        let base = PracticeFolder.contactBaseName(style: style, lessonID: grading.key.lessonID)
        let keyPath = try keep(grading.key, base: base)
        let copyPath = try grading.copy.map { try folder.keep(copy: $0, baseName: base) }
        let returned: LessonReturn
        let kept: String
        do {
            (returned, kept) = try input.lessonReturn(keptIn: folder.path, baseName: base)
        } catch let refusal as KeyingInputRefusal {
            throw PracticeRefusal.keyingNotGradable(refusal, progressFile: store.path)
        }
        do {
            try grading.check()
        } catch {
            throw PracticeRefusal.contactUnread(error, progressFile: store.path)
        }
        emit(.contactGraded(grading.grade, queries: result.contact.queries))
        emit(.contactKept(folder: folder.path, files: [keyPath, copyPath, kept].compactMap { $0.map(Self.fileName) }))
        let now = LocalTimestamp(date: try now(), timeZone: .current)
        let files = PracticeKeptFiles(keyPath: keyPath, lessonID: grading.key.lessonID, progressFile: store.path, sourcePath: copyPath ?? "")
        let grade: QSOGrade
        do {
            grade = try grading.grading(done: now, gradedAt: now)
        } catch let refused as QSOGrading.Refusal {
            throw PracticeRefusal.contactNotGraded(refused, files: files, overs: PracticeContactOvers(returned: returned, keptPath: kept, done: now))
        }
        try recordContact(grade, files: files)
    }

    /// Records both halves of a contact as QSO sessions in one write, by the rule every grader shares.
    private func recordContact(_ grade: QSOGrade, files: PracticeKeptFiles) throws {
        let recorded: RecordedQSOGrade
        do {
            recorded = try grade.record(in: store, replace: false, dryRun: false)
        } catch let refused as SessionRecording.Refusal {
            throw PracticeRefusal.contactNotRecorded(refused, session: grade.sent, files: files)
        }
        if let writeFailure = recorded.writeFailure { throw writeFailure }
        emit(.contactRecorded(grade))
    }
}
