import Testing

@testable import KochPresentation

@Suite struct DecodeRenderingTraceRangeTests {
    @Test func aPlotFromAGivenSecondKeepsItsSpanAndTenSecondsMore() {
        #expect(DecodeRendering.traceRange(fromSeconds: 30, spanSeconds: 5) == 30...45)
    }

    @Test func aPlotFromTheFirstCharacterKeepsTwoMinutesAndItsSpan() {
        #expect(DecodeRendering.traceRange(fromSeconds: nil, spanSeconds: 5) == 0...125)
        #expect(DecodeRendering.traceRange(fromSeconds: nil) == 0...(120 + DecodeRendering.defaultSpanSeconds))
    }
}
