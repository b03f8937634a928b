import Testing

@testable import KochCore

/// Where a keying of a send exercise ends: after the last group its copy aligns to, and only
/// where the groups before it were keyed and read well.
@Suite struct KeyingStopTests {
    static func stop(sheet: String, keyed: String) -> (copy: KeyedCopy, stop: KeyingStop?) {
        KeyingStop.copy(of: FistSignals.keyed(keyed, FistStyle()).characters, key: FistSignals.key(sheet))
    }

    @Test(arguments: UInt64(1)...12)
    func aKeyingStoppedAfterAnyGroupStopsThere(seed: UInt64) throws {
        let sheet = FistSignals.groups(80, seed: seed).split(separator: " ").map(String.init)
        var random = SeededGenerator(seed: seed)
        let keyed = 10 + Int(random.nextUnit() * 60)
        let (copy, stop) = Self.stop(sheet: sheet.joined(separator: " "), keyed: sheet.prefix(keyed).joined(separator: " "))
        #expect(stop == KeyingStop(groupsKeyed: keyed, groupsInExercise: 80))
        #expect(copy.score.accuracy == 1)
        #expect(copy.score.sent == sheet.prefix(keyed).joined().count)
    }

    @Test func aWholeKeyingAndOneWithGroupsSkippedInTheMiddleHaveNoStop() {
        let sheet = FistSignals.groups(60).split(separator: " ").map(String.init)
        #expect(Self.stop(sheet: sheet.joined(separator: " "), keyed: sheet.joined(separator: " ")).stop == nil)
        let skipped = sheet.enumerated().filter { !(20..<30).contains($0.offset) }.map(\.element)
        let (copy, stop) = Self.stop(sheet: sheet.joined(separator: " "), keyed: skipped.joined(separator: " "))
        #expect(stop == nil, "a keying that goes on to the last group did not stop")
        #expect(copy.score.missed == sheet[20..<30].joined().count)
    }

    @Test func aStopBeforeTwentyCharactersOrAfterAPoorReadingIsNotTaken() {
        let sheet = FistSignals.groups(60).split(separator: " ").map(String.init)
        var short: [String] = []
        for group in sheet where short.joined().count + group.count < KeyingStop.minimumCharacters { short.append(group) }
        #expect(Self.stop(sheet: sheet.joined(separator: " "), keyed: short.joined(separator: " ")).stop == nil)
        // The first half with every K and M swapped: a misreading, not a learner who stopped.
        let swapped = sheet.prefix(30).joined(separator: " ").map { $0 == "K" ? "M" : $0 == "M" ? "K" : $0 }
        let (copy, stop) = Self.stop(sheet: sheet.joined(separator: " "), keyed: String(swapped))
        #expect(stop == nil)
        #expect(copy.score.sent == sheet.joined().count)
    }

    @Test func theStopIsRecordedWhereTheStoppedKeyCutsTheSameGroups() throws {
        var key = FistSignals.key("KM MK KKM MMK")
        key.groups = key.groups.enumerated().map { index, group in
            var timed = group
            timed.startSeconds = Double(index) * 2
            timed.endSeconds = timed.startSeconds + 1.5
            return timed
        }
        let seconds = try #require(key.stopSeconds(afterGroups: 2))
        #expect(key.stopped(atSeconds: seconds).groups == key.stopped(afterGroups: 2).groups)
        #expect(key.stopSeconds(afterGroups: 4) == nil && key.stopSeconds(afterGroups: 0) == nil)
    }
}
