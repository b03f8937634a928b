import KochCore
import KochLessons
import KochPractice
import KochSound

extension PracticeCommand {
    /// The exercise the options name: a contact for `--kind qso` without send or characters.
    var exerciseNamed: PracticeRequest.Exercise {
        switch chosenExercise {
        case .receive: isContact ? .contact : .receive
        case .send: .send
        case .characters: .characters
        }
    }

    /// The lesson asked for, as `koch lesson` takes it; the service sets its direction.
    func lessonRequest() throws -> LessonRequest {
        var lesson = LessonRequest()
        content.apply(to: &lesson)
        lesson.level = level
        lesson.minutes = minutes
        lesson.sound = sound.request
        lesson.conditions = try band.conditions()
        lesson.seed = seed
        lesson.drill = drill.drill
        return lesson
    }

    /// The options as a request to `PracticeService`, for `exercise` (the one named, or the test tone).
    func practiceRequest(exercise: PracticeRequest.Exercise) throws -> PracticeRequest {
        var request = PracticeRequest(exercise: exercise, lesson: try lessonRequest(), progressFile: progress.store.path)
        request.keyPath = keyPath
        request.count = count
        request.show = show
        request.soundDevice = devices.soundDevice
        request.keyDevice = devices.keyDevice
        request.microphone = devices.microphone
        request.pitchHz = devices.pitch
        request.keyMapping = try keyer.mapping()
        request.mode = keyer.modeOrDefault
        request.timingsPath = timings
        return request
    }

    /// Runs the session asked for, printing what it tells as it goes.
    func practise() throws {
        let request = try practiceRequest(exercise: devices.testSound ? .testSound : exerciseNamed)
        let printer = PracticeEventText(exercise: request.exercise, progressFile: request.progressFile)
        let outcome: PracticeOutcome
        do {
            outcome = try PracticeService(request: request, events: printer.show).run()
        } catch let refusal as PracticeRefusal {
            throw refusal.failure()
        }
        switch outcome {
        case .recorded: break
        case .nothingKeyed: print("Nothing was keyed, so nothing is recorded.")
        case .toneTested(let toneHz): print("Played a second of \(toneHz.formatted) Hz.")
        }
    }
}
