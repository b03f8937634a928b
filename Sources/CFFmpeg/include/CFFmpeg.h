// FFmpeg's libraries, loaded when a recording first needs them (koch_ffmpeg_load), not when koch
// starts: linked, they would bring in every codec's library and double what any command costs to
// start. Their types come from FFmpeg's headers; their functions are called through the koch_
// forwarders below, each resolved from the library that defines it.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <stddef.h>

// 0 once the libraries are loaded and every function found; otherwise the loader's reason, in `reason`.
int koch_ffmpeg_load(char *reason, size_t size);

int koch_avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options);
int koch_avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options);
void koch_avformat_close_input(AVFormatContext **s);
int koch_av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                             const AVCodec **decoder_ret, int flags);
int koch_av_read_frame(AVFormatContext *s, AVPacket *pkt);

AVCodecContext *koch_avcodec_alloc_context3(const AVCodec *codec);
void koch_avcodec_free_context(AVCodecContext **avctx);
int koch_avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par);
int koch_avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options);
int koch_avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt);
int koch_avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame);
AVPacket *koch_av_packet_alloc(void);
void koch_av_packet_unref(AVPacket *pkt);
void koch_av_packet_free(AVPacket **pkt);

int koch_swr_alloc_set_opts2(struct SwrContext **ps, AVChannelLayout *out_ch_layout, enum AVSampleFormat out_sample_fmt,
                             int out_sample_rate, AVChannelLayout *in_ch_layout, enum AVSampleFormat in_sample_fmt,
                             int in_sample_rate, int log_offset, void *log_ctx);
int koch_swr_init(struct SwrContext *s);
int koch_swr_get_out_samples(struct SwrContext *s, int in_samples);
int koch_swr_convert(struct SwrContext *s, uint8_t **out, int out_count, const uint8_t **in, int in_count);
void koch_swr_free(struct SwrContext **s);

AVFrame *koch_av_frame_alloc(void);
void koch_av_frame_unref(AVFrame *frame);
void koch_av_frame_free(AVFrame **frame);
void koch_av_channel_layout_default(AVChannelLayout *ch_layout, int nb_channels);
int koch_av_channel_layout_copy(AVChannelLayout *dst, const AVChannelLayout *src);
void koch_av_channel_layout_uninit(AVChannelLayout *channel_layout);
int koch_av_strerror(int errnum, char *errbuf, size_t errbuf_size);
void koch_av_log_set_level(int level);

// FFmpeg's error codes are macros Swift cannot import.
static inline int koch_averror_eof(void) { return AVERROR_EOF; }
static inline int koch_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int koch_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int koch_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
