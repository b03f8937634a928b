import Foundation
import KochCore
import KochIO
import Testing

/// A learner's calendar is known by their progress file.
@Suite struct ProgressFileCalendarTests {
    let now = Date(timeIntervalSince1970: 1_795_867_200)

    @Test func oneProgressFileHasOneTokenHoweverItsPathIsWritten() {
        let plain = CalendarIdentity(progressFile: "/home/ann/morse/progress.json", now: now)
        let winding = CalendarIdentity(progressFile: "/home/ann/./morse/../morse/progress.json", now: now.addingTimeInterval(3600))
        #expect(plain.learnerToken == winding.learnerToken)
        #expect(plain.learnerToken.count == 12 && plain.learnerToken.allSatisfy(\.isHexDigit))
    }

    @Test func twoProgressFilesHaveTwoTokens() {
        let ann = CalendarIdentity(progressFile: "/home/ann/progress.json", now: now)
        let bob = CalendarIdentity(progressFile: "/home/bob/progress.json", now: now)
        #expect(ann.learnerToken != bob.learnerToken)
    }
}
