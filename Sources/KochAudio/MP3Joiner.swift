/// Puts the parts of an MP3 together as they are encoded, in order: the
/// ID3v2 tag, LAME's info frame, each part's kept frames, and at the end
/// the info frame rewritten for the whole (see `MP3InfoFrame`).
struct MP3Joiner {
    /// Whether the stream is joined from several parts (else one part is written whole).
    let joined: Bool
    /// The file errors name.
    let path: String
    private var lameFrame: [UInt8] = []
    private var info: MP3InfoFrame?
    private var audioStart = 0
    private var frameCount = 0
    private var audioByteCount = 0
    private var audioCRC: UInt16 = 0

    init(joined: Bool, path: String) {
        self.joined = joined
        self.path = path
    }

    /// Writes the first session's tag, once its part is encoded. At the
    /// smallest frame sizes (8 to 12 kHz at low bit rates) LAME has no room
    /// for an info frame and writes none; a constant bit rate file still
    /// shows its length there.
    mutating func start(with first: LameSession, into sink: inout some ByteSink) throws(AudioError) {
        lameFrame = first.infoFrame()
        info = lameFrame.isEmpty ? nil : MP3InfoFrame(lameFrame)
        try sink.append(first.id3v2Tag()[...])
        audioStart = sink.count
    }

    /// Appends a part's frames: the frames `kept` of a joined stream (the
    /// first part's info frame kept in its place until `finish`), or the
    /// whole of a stream in one part.
    mutating func append(_ part: [UInt8], keeping kept: Range<Int>, isFirst: Bool, into sink: inout some ByteSink) throws(AudioError) {
        if isFirst {
            guard lameFrame.isEmpty || (info != nil && part.count >= lameFrame.count) else {
                throw .encoder(path: path, reason: "LAME's info frame does not fit the audio")
            }
        }
        guard joined else {
            try sink.append(part[...])
            return
        }
        let skipped = isFirst ? lameFrame.count : 0
        if isFirst { try sink.append(lameFrame[...]) }
        guard let frames = MP3FrameScanner.frames(in: part[skipped...]) else {
            throw .encoder(path: path, reason: "LAME wrote a frame koch cannot follow")
        }
        let keptFrames = frames[min(kept.lowerBound, frames.count)..<min(kept.upperBound, frames.count)]
        guard let firstFrame = keptFrames.first, let lastFrame = keptFrames.last else { return }
        // A part's frames follow one another: the kept ones are one stretch.
        let audio = part[firstFrame.lowerBound..<lastFrame.upperBound]
        try sink.append(audio)
        audioCRC = MP3InfoFrame.crc16(audio, continuing: audioCRC)
        audioByteCount += audio.count
        frameCount += keptFrames.count
    }

    /// Writes the info frame over its place: LAME's own for one part, rewritten for a joined stream.
    mutating func finish(padding: Int, into sink: inout some ByteSink) throws(AudioError) {
        guard var info else { return }
        if joined {
            info.describe(frameCount: frameCount, audioByteCount: audioByteCount, musicCRC: audioCRC, padding: padding)
        }
        try sink.overwrite(at: audioStart, with: info.bytes)
    }
}
