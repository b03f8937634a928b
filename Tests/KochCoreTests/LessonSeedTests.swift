import KochCore
import Testing

/// The seed a lesson or a pack draws when none was asked for.
@Suite struct LessonSeedTests {
    @Test func aRandomSeedStaysWithinWhatADoubleHoldsExactly() {
        for _ in 0..<1000 {
            let seed = LessonSettings.randomSeed()
            #expect(seed <= LessonSettings.largestRandomSeed)
            #expect(UInt64(exactly: Double(seed)) == seed)
        }
    }

    @Test func randomSeedsDiffer() {
        let seeds = Set((0..<20).map { _ in LessonSettings.randomSeed() })
        #expect(seeds.count > 1)
    }
}
