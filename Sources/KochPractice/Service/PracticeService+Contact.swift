import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO
import KochLessons
import KochPresentation

extension PracticeService {
    /// A live contact: the session, then both halves graded and recorded.
    func contact() throws {
        try requireKeying()
        guard request.keyPath == nil else { throw PracticeRefusal.contactFromKey }
        try requireCopyTerminal()
        let prepared = try prepared(direction: .receive)
        let settings = prepared.settings
        let (style, script, render) = try contactScript(settings: settings, course: prepared.plan.course)
        emit(.lesson(settings, origin: .contact(style: style)))
        tellNotes(of: prepared)
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
        let composer = try QSOComposer(templates: templates, style: request.lesson.qsoStyle, level: settings.level, course: course)
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
        var request = GradeRequest(key: .given(grading.key, path: keyPath), progress: store, gradedAt: now)
        request.reading = .overs(grading.grade.readings.map(\.readText), copy: grading.copy)
        request.live = true
        try recordContact(request, files: files, overs: PracticeContactOvers(returned: returned, keptPath: kept, done: now))
    }

    /// Grades both halves of a contact through `Grader` (`QSOGrading`, as `koch grade` grades a
    /// contact's log or recording) and records them in one write, or neither: a copy it refuses
    /// (under a quarter, another lesson's) refuses the whole contact.
    private func recordContact(_ request: GradeRequest, files: PracticeKeptFiles, overs: PracticeContactOvers) throws {
        let result: GradeResult
        do {
            result = try Grader().grade(request)
        } catch .contact(let refused, _, _) {
            throw PracticeRefusal.contactNotGraded(refused, files: files, overs: overs)
        } catch .notRecordable(let refused, let session) {
            throw PracticeRefusal.contactNotRecorded(refused, session: session, files: files)
        } catch .notWritten(_, let failure) {
            throw failure
        } catch .unreadable(let error) {
            throw error
        }
        if case .contact(let recorded) = result { emit(.contactRecorded(recorded.grade)) }
    }
}
