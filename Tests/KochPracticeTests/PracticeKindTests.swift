import Testing

@testable import KochPractice

@Suite struct PracticeKindTests {
    @Test func namesEachKindOnce() {
        #expect(Set(PracticeKind.allCases.map(\.rawValue)) == ["receive", "characters", "send"])
    }
}
