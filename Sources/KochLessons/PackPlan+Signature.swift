import Foundation
import KochCore

extension PackPlan {
    /// The signature a pack's journals and manifest carry: the plan's content
    /// and every setting that changes a file's bytes. The time stamp is in
    /// every key, so a rerun under another `SOURCE_DATE_EPOCH` is another pack,
    /// not one to finish.
    public func signature(
        format: AudioFormat, settings: LessonSettings, mp3Quality: Int, createdAt: Date, keysSeparate: Bool
    ) -> String {
        signature(
            extra: "\(format.rawValue)|\(settings.sampleRateHz)|\(settings.mp3BitrateKbps)|\(mp3Quality)|\(settings.riseMilliseconds)"
                + "|\(createdAt.timeIntervalSince1970)" + (keysSeparate ? "|keys separate" : ""))
    }
}
