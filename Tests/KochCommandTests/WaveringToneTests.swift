import Foundation
import Testing

/// A phone recording beside the speaker in a room: the echo and the phone's automatic gain make
/// the sidetone's pitch waver as a voice's does, and the tone search passes it over as talk.
/// Its reading keeps a fist's timing, which talk's does not, so it is read after all.
@Suite struct WaveringToneTests {
    /// A phone's chain as `scripts/room_conditions.py` makes it (the echo's tail 6 dB under the
    /// direct sound, a room's rumble, the 300–3400 Hz band, automatic gain, 8 kHz), self-contained:
    /// the room of seed 17 is one where the sidetone's pitch wavers so.
    static let phoneRecording = """
        import sys, numpy as np
        from scipy import signal
        from scipy.io import wavfile
        MORSE = dict(A='.-', B='-...', C='-.-.', D='-..', E='.', F='..-.', G='--.', H='....', I='..', J='.---', K='-.-', L='.-..',
                     M='--', N='-.', O='---', P='.--.', Q='--.-', R='.-.', S='...', T='-', U='..-', V='...-', W='.--', X='-..-',
                     Y='-.--', Z='--..')
        text, seed, path, tone = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
        fs, rate, unit, rt60, drr_db = 44100, 8000, 1.2 / 18, 0.6, 6.0
        rng = np.random.default_rng(seed)
        def scaled(dits): return dits * unit * max(0.3, 1 + 0.15 * rng.standard_normal())
        t, marks = 0.6, []
        for wi, word in enumerate(text.split()):
            if wi: t += scaled(7)
            for li, letter in enumerate(word):
                if li: t += scaled(3)
                for ei, element in enumerate(MORSE[letter]):
                    if ei: t += scaled(1)
                    length = scaled(1 if element == '.' else 3)
                    marks.append((t, t + length))
                    t += length
        n = int((t + 0.6) * fs)
        key = np.zeros(n)
        for a, b in marks: key[int(a * fs):int(b * fs)] = 1
        edge = np.hanning(int(0.005 * fs))
        key = np.convolve(key, edge / edge.sum(), 'same')
        x = key * np.sin(2 * np.pi * tone * np.arange(n) / fs)
        m = int(rt60 * 1.2 * fs)
        tail = rng.standard_normal(m) * np.exp(-6.91 * np.arange(m) / fs / rt60)
        tail[:int(0.004 * fs)] = 0
        tail *= np.sqrt(10 ** (-drr_db / 10) / np.sum(tail ** 2))
        x = x + signal.fftconvolve(x, tail)[:n]
        hiss = signal.lfilter([1], [1, -0.95], rng.standard_normal(n))
        x = signal.sosfilt(signal.butter(4, [300, 3400], btype='bandpass', fs=fs, output='sos'), x + hiss * (0.03 / np.std(hiss)))
        level = np.abs(signal.hilbert(x))
        attack, release = np.exp(-1 / (0.005 * fs)), np.exp(-1 / (0.4 * fs))
        follower, floor, gain = level[:int(0.05 * fs)].mean() + 1e-9, level.max() * 10 ** (-30 / 20), np.empty(n)
        for i, v in enumerate(level):
            k = attack if v > follower else release
            follower = k * follower + (1 - k) * v
            gain[i] = 1 / max(follower, floor)
        y = signal.resample_poly(x * gain, rate, fs)
        wavfile.write(path, rate, (0.9 * y / np.abs(y).max() * 32767).astype(np.int16))
        """

    @Test func aSidetoneWhosePitchAnEchoMadeWaverIsRead() throws {
        let scratch = try GradingScratch()
        let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR KMRSU EEKRM PAVD"
        let path = scratch.folder + "/phone-in-a-room.wav"
        let made = try KochBinary.run(["-c", Self.phoneRecording, text, "17", path, "679"], executable: "/usr/bin/python3")
        #expect(made.succeeded, "\(made.standardError)")
        let decoded = try KochBinary.run(["decode", path, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(decoded.standardOutput.utf8)) as? [String: Any])
        let tone = try #require((report["toneCandidates"] as? [[String: Any]])?.first)
        #expect(tone["status"] as? String == "decoded" && (tone["tonality"] as? Double ?? 1) < 0.6, "the pitch wavered: \(tone)")
        #expect(report["toneWavered"] as? Bool == true)
        #expect(report["text"] as? String == text)
        let printed = try KochBinary.run(["decode", path])
        #expect(printed.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == text)
        #expect(printed.standardError.contains("wavered as a voice's does"), "the reading is printed with a caution: \(printed.standardError)")

        // Given with --tone, the same pitch is still known to have wavered, and the caution says
        // it was read because it was given (not that its timing was checked).
        let given = try KochBinary.run(["decode", path, "--json", "--tone", "679"])
        let givenReport = try JSONSerialization.jsonObject(with: Data(given.standardOutput.utf8)) as? [String: Any]
        #expect(givenReport?["toneWavered"] as? Bool == true)
        let givenPrinted = try KochBinary.run(["decode", path, "--tone", "679"])
        #expect(givenPrinted.standardError.contains("because it was given"), "\(givenPrinted.standardError)")
    }
}
