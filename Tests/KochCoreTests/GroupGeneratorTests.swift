import Testing

@testable import KochCore

@Suite struct GroupGeneratorTests {
    @Test func groupsUseOnlyUnlockedCharactersInLengthsTwoToFive() throws {
        for level in [2, 5, 13, 26] {
            var settings = LessonSettings()
            settings.level = level
            settings.seed = UInt64(level)
            let lesson = try Lesson(settings: settings)
            let allowed = Set(KochCourse.letters.unlocked(atLevel: level).map(\.text))
            for word in lesson.text.words {
                #expect((2...5).contains(word.count))
                #expect(word.allSatisfy { allowed.contains($0.text) })
            }
        }
    }

    @Test func newestCharacterComesUpMoreOftenThanAnyOther() throws {
        for level in [2, 8, 26] {
            var settings = LessonSettings()
            settings.level = level
            settings.minutes = 30
            let lesson = try Lesson(settings: settings)
            var counts: [String: Int] = [:]
            for symbol in lesson.text.words.joined() { counts[symbol.text, default: 0] += 1 }
            let newest = KochCourse.letters.newest(atLevel: level).text
            let others = counts.filter { $0.key != newest }.map(\.value)
            #expect(counts[newest, default: 0] > 2 * (others.max() ?? 0) * 9 / 10, "level \(level): \(counts)")
        }
    }

    @Test func weakCharactersGetExtraWeight() throws {
        var settings = LessonSettings()
        settings.level = 10
        settings.minutes = 30
        settings.extraWeight = ["R": 3]
        let lesson = try Lesson(settings: settings)
        let symbols = lesson.text.words.joined().map(\.text)
        let r = symbols.filter { $0 == "R" }.count
        let s = symbols.filter { $0 == "S" }.count
        #expect(r > 3 * s)
    }

    @Test func lessonLastsTheAskedLengthWithinThreePercent() throws {
        for (minutes, wpm, effective) in [(5.0, 20.0, 12.0), (1, 20, 20), (5, 40, 5), (1, 5, 5), (10, 25, 15), (0.5, 20, 12)] {
            var settings = LessonSettings()
            settings.minutes = minutes
            settings.characterSpeedWPM = wpm
            settings.effectiveSpeedWPM = effective
            let lesson = try Lesson(settings: settings)
            // A lesson ends on a whole group: in half a minute, the shortest group and its gap is more than 3 %.
            let timing = settings.timing
            let shortestGroupSeconds =
                KeyedDuration.seconds(of: [MorseAlphabet.symbol(for: "K"), MorseAlphabet.symbol(for: "M")].compactMap { $0 }, timing: timing)
                + timing.durationSeconds(of: .word)
            let tolerance = max(0.03, shortestGroupSeconds / (minutes * 60))
            let ratio = lesson.timeline.durationSeconds / (minutes * 60)
            #expect(abs(ratio - 1) <= tolerance, "\(minutes) min at \(wpm)/\(effective): \(lesson.timeline.durationSeconds) s")
        }
    }

    @Test func sameSeedGivesTheSameLessonAndAnotherSeedAnother() throws {
        var settings = LessonSettings()
        settings.seed = 7
        let first = try Lesson(settings: settings, number: 2, count: 3)
        let again = try Lesson(settings: settings, number: 2, count: 3)
        #expect(first.text == again.text)
        #expect(first.lessonID == again.lessonID)
        settings.seed = 8
        let other = try Lesson(settings: settings, number: 2, count: 3)
        #expect(other.text != first.text)
        #expect(other.lessonID != first.lessonID)
        let third = try Lesson(settings: settings, number: 3, count: 3)
        #expect(third.lessonID != other.lessonID)
    }
}
