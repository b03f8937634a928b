import KochCore

/// What an interfering station sends: transmissions (overs) of its own,
/// with its own callsign, made from the station's traffic style.
struct QRMTraffic {
    private let style: QRMStation.Traffic
    private let call: String
    private let filler = QSOFiller.fullCourse
    private var serial: Int

    init(style: QRMStation.Traffic, using generator: inout SeededGenerator) {
        self.style = style
        call = filler.contact(using: &generator).caller.call
        serial = generator.nextInt(in: 1...400)
    }

    /// The text of the next transmission.
    mutating func nextTransmission(using generator: inout SeededGenerator) -> String {
        let contact = filler.contact(using: &generator)
        let other = contact.answerer
        let me = contact.caller
        let choice = generator.nextInt(in: 0...3)
        switch style {
        case .contest:
            serial += 1
            let number = String(serial)
            switch choice {
            case 0, 1: return "CQ TEST \(call) \(call) TEST"
            case 2: return "\(other.call) 5NN \(number)"
            default: return "TU \(call) TEST"
            }
        case .ragChew:
            switch choice {
            case 0:
                return "CQ CQ CQ DE \(call) \(call) \(call) K"
            case 1:
                return "\(other.call) DE \(call) R R TNX FER RPRT UR RST \(me.rst) \(me.rst) <BT> NAME \(me.name) \(me.name) "
                    + "<BT> QTH \(me.qth) <BT> HW? <AR> \(other.call) DE \(call) <KN>"
            case 2:
                return "\(other.call) DE \(call) FB OM <BT> WX HR \(me.weather) TEMP \(me.temperature) <BT> RIG \(me.rig) "
                    + "ES ANT \(me.antenna) <AR> \(other.call) DE \(call) <KN>"
            default:
                return "\(other.call) DE \(call) TNX FER QSO \(other.name) 73 <SK> \(other.call) DE \(call) TU"
            }
        }
    }
}
