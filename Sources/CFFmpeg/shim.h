#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>

// FFmpeg's error codes are macros Swift cannot import.
static inline int koch_averror_eof(void) { return AVERROR_EOF; }
static inline int koch_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int koch_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int koch_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
