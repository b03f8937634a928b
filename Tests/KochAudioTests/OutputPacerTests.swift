import Testing

@testable import KochAudio

@Suite struct OutputPacerTests {
    /// 1000 Hz, so that frames are milliseconds.
    func pacer(leadSeconds: Double = 0.03) -> OutputPacer {
        OutputPacer(sampleRateHz: 1000, leadSeconds: leadSeconds)
    }

    @Test func writesRunUpToTheLeadWithoutWaiting() {
        var pacer = pacer()
        #expect(pacer.delay(beforeWriting: 30, nowSeconds: 100) == 0)
        pacer.wrote(30)
        #expect(abs(pacer.delay(beforeWriting: 10, nowSeconds: 100) - 0.01) < 1e-9)
        #expect(pacer.delay(beforeWriting: 10, nowSeconds: 100.01) == 0)
    }

    @Test func aWriterBehindStartsAgainFromNow() {
        var pacer = pacer()
        _ = pacer.delay(beforeWriting: 30, nowSeconds: 100)
        pacer.wrote(30)
        // Five seconds of silence from the writer: the next second may not go all at once.
        #expect(pacer.delay(beforeWriting: 30, nowSeconds: 105) == 0)
        pacer.wrote(30)
        #expect(abs(pacer.delay(beforeWriting: 10, nowSeconds: 105) - 0.01) < 1e-9)
    }

    @Test func aDeviceThatBlockedTheWriterBecomesTheClock() {
        var pacer = pacer()
        _ = pacer.delay(beforeWriting: 30, nowSeconds: 100)
        pacer.wrote(30)
        // The device made the writer wait: the writer may run the lead beyond it from here,
        // although the clock alone would hold it back.
        pacer.devicePaced(nowSeconds: 100.005)
        #expect(pacer.delay(beforeWriting: 30, nowSeconds: 100.005) == 0)
    }

    @Test func remainingSecondsIsWhatIsQueuedBeyondNow() {
        var pacer = pacer()
        #expect(pacer.remainingSeconds(nowSeconds: 100) == 0)
        _ = pacer.delay(beforeWriting: 20, nowSeconds: 100)
        pacer.wrote(20)
        #expect(abs(pacer.remainingSeconds(nowSeconds: 100.005) - 0.015) < 1e-9)
        #expect(pacer.remainingSeconds(nowSeconds: 101) == 0)
    }
}
