extension GradeCommand {
    /// `koch grade --help`'s account of grading: what counts, what is recorded, and how each return is given.
    static let discussion = """
        Type what you copied into a text file, as you wrote it: case, line breaks, \
        extra spaces and group numbers (1. 2) 3:) do not count. Write ? _ * or - for a \
        character you did not catch. Your copy is aligned with what was sent as a \
        whole, so a group you skipped costs only its own characters, and groups you \
        ran together or split cost nothing.

        Accuracy = characters right / (characters sent + extra characters written), \
        so guessing extra characters never helps.

        A level lesson (groups of your course's characters, koch lesson's default) at \
        your level or above, with 90 % or better over at least 20 characters, unlocks \
        the next character: one level up, whatever level the lesson was made at. One \
        below your level is a review. Level lessons also set your next practice day, by \
        the spaced-repetition rules: at 90 % the interval doubles (up to 30 days, at \
        most 2 in your first 14 days), at 70-89 % it stays, under 70 % it is 1 day; a \
        session more than twice the interval late starts again at 1 day. Drills of \
        chosen characters, words, callsigns, QSOs and texts count for your character \
        statistics and your streak, never for the level or the schedule; they are \
        recorded whatever course they are from.

        Stopped a lesson early (in the car, say)? Give --stopped-at M:SS, the time the \
        player showed: only the groups sent before it (their sound ended) are graded \
        (with --heard, count the items before it). A recording or log of your keying needs no stop: it is \
        graded up to the last group you keyed.

        Each lesson counts once: grading the same answer key again is refused \
        unless you give --replace.

        Send exercises (koch lesson --direction send): record your keying and give \
        the recording with --audio. It is decoded as `koch decode` does (WAV, FLAC, \
        Ogg, Opus, MP3, or what a phone records: M4A, 3GP, WebM), graded against \
        the key like a typed copy (a pattern that is no character counts as a wrong \
        character), recorded in your send level, and followed by a report on your \
        fist: speed, dah/dit ratio, gaps, how even your dits and dahs are, the \
        characters whose timing was ambiguous, and what to work on. Someone who \
        copied your sending by ear can grade it with --transcript instead; it counts \
        for your send level too. A receive lesson's key takes only --transcript.

        A contact to answer (koch lesson --kind qso --respond): give the log of your \
        paddles with --events, timed from the start of the lesson, and your copy of the \
        other station with --transcript. Each character you keyed in a pause goes to \
        that pause's over; each over is read against your sheet with the values you \
        heard, and each value sent wrong is named (over 2: report 599, the script: \
        579). Both halves are recorded as QSO sessions, your overs in your send \
        statistics and your copy in your receive ones; a QSO moves neither level nor \
        schedule. An over with nothing keyed counts as not sent; a log with nothing in \
        any pause is refused. --transcript alone grades your copy as any lesson's.

        A spoken lesson (koch lesson --speak), heard in the car with no pen: give \
        --heard N, how many of its items you got right by your own reckoning. It is \
        recorded as self-scored: it keeps your streak and sets your next practice day \
        like a level lesson, and never touches your level or character statistics.

        Examples:
          koch grade --key lessons/NAME.key.json --transcript copy.txt
          koch grade --key NAME.key.json < copy.txt      (copy on standard input)
          koch grade --key NAME.key.json --transcript copy.txt --date 2026-11-21T19:30
              a lesson done last night, graded today
          koch grade --key NAME.key.json --transcript copy.txt --stopped-at 2:00
              a lesson stopped two minutes in: the rest is not counted
          koch grade --key NAME.key.json --transcript copy.txt --dry-run --json
              score only, as JSON; nothing recorded
          koch grade --key lessons/koch-send-NAME.key.json --audio keying.wav
              a send exercise, from a recording of your keying
          koch grade --key lessons/koch-qso-01-NAME.key.json --events paddles.txt --transcript copy.txt
              a contact answered: your overs from your paddles, and your copy
          koch grade --key lessons/NAME.key.json --heard 30
              a spoken lesson: 30 of its items right, by your own count
          koch grade --key lessons/NAME.key.json --audio room.m4a
              a contact you answered (koch lesson --kind qso --respond), played
              aloud and recorded with your keying in its pauses

        A teacher grades a whole class's returns at once with --pack (the pack made \
        with koch pack --roster), --returns (a folder with a folder for each learner, \
        named as in the roster, holding their typed copies as .txt files and their \
        recordings); the class list is the roster the pack's manifest names (or \
        --roster class.csv). A roster line that gives a level records in the progress \
        file the pack started for it (progress/NAME.json beside the roster, or the \
        --progress-dir the pack was given). A return is matched to its \
        lesson by the lesson's ID in its file name (koch-level05-01-3fa94c1d.txt, or \
        R05-3fa94c1d2b7e) or on the copy's first line, or by the learner having one \
        lesson; it is never guessed. Each is graded and recorded in the learner's \
        progress file as above; lessons graded before are not graded again (unless \
        --replace), so the command can be run again as returns come in. Recordings \
        are decoded on every core. A return that cannot be graded (an unknown folder, \
        an empty or unreadable file, a copy of another learner's lesson, two returns \
        of one lesson, a silent or implausible recording) is listed with its path and \
        why, the others are graded, and the exit status is 1. A learner whose progress \
        file cannot be read is left out and the file left alone. The pack then holds \
        gradebook.csv (a row per learner and lesson graded, per return not graded and \
        why, and per learner who returned nothing), gradebook.html (the class at a \
        glance) and feedback/NAME.html (a page for each learner to send on).

          koch grade --pack week1 --returns returns
          koch grade --pack week1 --returns returns --date 2026-11-27
              the returns of the week, recorded as done on Friday
        """
}
