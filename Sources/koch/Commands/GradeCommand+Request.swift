import Foundation
import KochClass
import KochCore

extension GradeCommand {
    /// The options as the request to grade one lesson's return, graded at `gradedAt`.
    func request(gradedAt: LocalTimestamp) throws -> GradeRequest {
        var request = GradeRequest(key: .file(keyPath), progress: progress.store, gradedAt: gradedAt)
        if let transcriptPath {
            request.copy = transcriptPath == "-" ? .standardInput : .file(transcriptPath)
        } else if audioPath == nil, eventsPath == nil, heard == nil {
            request.copy = .standardInput
        }
        request.recordingPath = audioPath
        request.eventsPath = eventsPath
        request.heard = heard
        request.toneHz = toneHz
        request.speedWPM = speedWPM
        request.mode = keyer.mode
        request.keyMapping = keyer.paddleKeys == nil ? nil : try keyer.mapping()
        request.done = date.flatMap { LocalTimestamp.parse($0, timeZone: .current) }
        request.doneGivenWithTime = date.map(LocalTimestamp.givesTimeOfDay)
        request.stoppedAtSeconds = stoppedAt?.seconds
        request.partial = partial
        request.force = force
        request.replace = replace
        request.dryRun = dryRun
        return request
    }
}
