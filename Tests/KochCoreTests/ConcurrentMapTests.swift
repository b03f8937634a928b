import Testing

@testable import KochCore

@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 2, 7, 1000])
    func resultsComeInIndexOrderWhateverOrderTheyFinish(count: Int) {
        // Early indices do more work, so they tend to finish last.
        let results = concurrentMap(count) { index -> Int in
            var total = 0
            for step in 0..<((count - index) * 200) { total &+= step }
            return index * 2 + (total == -1 ? 1 : 0)
        }
        #expect(results == (0..<count).map { $0 * 2 })
    }
}
