import KochCore
import Testing

@Suite struct LessonSettingsLimitsTests {
    @Test func theDefaultSettingsLieWithinTheLimits() {
        let settings = LessonSettings()
        typealias Limits = LessonSettings.Limits
        #expect(Limits.characterSpeedWPM.contains(settings.characterSpeedWPM))
        #expect(settings.effectiveSpeedWPM >= Limits.lowestEffectiveSpeedWPM && settings.effectiveSpeedWPM <= settings.characterSpeedWPM)
        #expect(Limits.toneHz.contains(settings.toneHz) && Limits.riseMilliseconds.contains(settings.riseMilliseconds))
        #expect(Limits.sampleRateHz.contains(settings.sampleRateHz) && Limits.minutes.contains(settings.minutes))
    }

    @Test func theLowestEffectiveSpeedIsBelowTheLowestCharacterSpeed() {
        #expect(LessonSettings.Limits.lowestEffectiveSpeedWPM < LessonSettings.Limits.characterSpeedWPM.lowerBound)
    }
}
