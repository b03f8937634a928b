import KochCore
import KochLessons
import KochPractice

extension PracticeCommand {
    /// What was asked for, as live practice takes it.
    var exerciseAsked: PracticeRequest.Exercise {
        if devices.testSound { return .testSound }
        if isContact { return .contact }
        switch chosenExercise {
        case .receive: return .receive
        case .send: return .send
        case .characters: return .characters
        }
    }

    /// The options as a request to `PracticeService`.
    func practiceRequest() throws -> PracticeRequest {
        var settings = LessonSettings()
        content.apply(to: &settings)
        settings.minutes = minutes
        sound.apply(to: &settings)
        settings.conditions = try band.conditions()
        var request = PracticeRequest(
            exercise: exerciseAsked, settings: settings, lessonCourse: content.lessonCourse, progressFile: progress.store.path)
        request.level = level
        request.seed = seed
        request.drill = drill.drill
        request.qsoStyle = content.qsoStyle
        request.textFile = content.textFile
        request.skipUnsendable = content.skipUnsendable
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
        let request = try practiceRequest()
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
