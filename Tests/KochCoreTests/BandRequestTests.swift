import Testing

@testable import KochCore

/// Band conditions as a learner asks for them.
@Suite struct BandRequestTests {
    @Test func aPresetIsChangedOnlyByTheSettingsGiven() throws {
        var request = BandRequest(preset: .poor)
        request.noiseSNRDB = 6
        let conditions = try request.conditions()
        let poor = BandPreset.poor.conditions
        #expect(conditions.qrn?.snrDB == 6 && conditions.qrn?.cracklePerSecond == poor.qrn?.cracklePerSecond)
        #expect(conditions.qsb == poor.qsb && conditions.qrm == poor.qrm)
    }

    @Test func fadingAskedForAloneTakesTheDefaultsForWhatIsNotGiven() throws {
        var request = BandRequest()
        request.fadingDepthDB = 20
        #expect(try request.conditions() == BandConditions(qsb: QSB(depthDB: 20, rateHz: BandRequest.defaultFadingRateHz)))
        request.fadingDepthDB = nil
        request.fadingRateHz = 0.5
        #expect(try request.conditions().qsb == QSB(depthDB: BandRequest.defaultFadingDepthDB, rateHz: 0.5))
    }

    @Test func stationsGivenTakeThePlaceOfThePresetsAndSendAt20WPMUnlessTold() throws {
        var request = BandRequest(preset: .contest)
        request.stations = [.init(offsetHz: -300, levelDB: -10), .init(offsetHz: 400, levelDB: -6, speedWPM: 25)]
        let stations = try request.conditions().qrm
        #expect(stations == [QRMStation(offsetHz: -300, levelDB: -10, speedWPM: 20), QRMStation(offsetHz: 400, levelDB: -6, speedWPM: 25)])
    }

    @Test(arguments: BandSetting.allCases)
    func eachSettingIsRefusedJustOutsideItsRange(setting: BandSetting) {
        #expect(setting.allows(setting.range.lowerBound) && setting.allows(setting.range.upperBound))
        let above = setting.range.upperBound + 1
        var request = BandRequest(preset: .quiet)
        switch setting {
        case .noiseSNR: request.noiseSNRDB = above
        case .crackle: request.cracklePerSecond = above
        case .fadingDepth: request.fadingDepthDB = above
        case .fadingRate: request.fadingRateHz = above
        case .stationOffset: request.stations = [.init(offsetHz: above, levelDB: 0)]
        case .stationLevel: request.stations = [.init(offsetHz: 400, levelDB: above)]
        case .stationSpeed: request.stations = [.init(offsetHz: 400, levelDB: 0, speedWPM: above)]
        case .filterWidth: request.receiverFilterWidthHz = above
        }
        #expect(throws: BandRequestProblem.outOfRange(setting, value: above)) { try request.conditions() }
    }

    @Test func aStationOnTheLessonsOwnToneIsRefused() {
        #expect(!BandSetting.stationOffset.allows(0))
        #expect(
            BandRequestProblem.outOfRange(.stationOffset, value: 0).description
                == "Another station's offset must be -2000 to 2000 Hz and not 0, not 0.")
    }

    @Test func crashesAndAReceiverFilterNeedBandNoise() throws {
        var crashes = BandRequest()
        crashes.cracklePerSecond = 2
        #expect(throws: BandRequestProblem.needsNoise(.crackle)) { try crashes.conditions() }
        crashes.noiseSNRDB = 10
        #expect(try crashes.conditions().qrn?.cracklePerSecond == 2)
        var filter = BandRequest(preset: .quiet)
        filter.receiverFilterWidthHz = 500
        #expect(try filter.conditions().qrn?.receiverFilterWidthHz == 500)
        filter.preset = nil
        #expect(throws: BandRequestProblem.needsNoise(.filterWidth)) { try filter.conditions() }
    }
}
