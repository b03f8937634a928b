#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
// The libraries of the FFmpeg whose headers koch was built with: their sonames carry its major versions.
#define SONAME(name, major) "lib" name ".so." STRINGIFY(major)

enum { AVUTIL, SWRESAMPLE, AVCODEC, AVFORMAT, LIBRARIES };
static const char *const sonames[LIBRARIES] = {
    SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
    SONAME("swresample", LIBSWRESAMPLE_VERSION_MAJOR),
    SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
    SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
};

// Every function koch calls: its library, and a pointer of its own type.
#define FUNCTIONS(X)                                                                                                   \
    X(AVFORMAT, avformat_open_input)                                                                                   \
    X(AVFORMAT, avformat_find_stream_info)                                                                             \
    X(AVFORMAT, avformat_close_input)                                                                                  \
    X(AVFORMAT, av_find_best_stream)                                                                                   \
    X(AVFORMAT, av_read_frame)                                                                                         \
    X(AVCODEC, avcodec_alloc_context3)                                                                                 \
    X(AVCODEC, avcodec_free_context)                                                                                   \
    X(AVCODEC, avcodec_parameters_to_context)                                                                          \
    X(AVCODEC, avcodec_open2)                                                                                          \
    X(AVCODEC, avcodec_send_packet)                                                                                    \
    X(AVCODEC, avcodec_receive_frame)                                                                                  \
    X(AVCODEC, av_packet_alloc)                                                                                        \
    X(AVCODEC, av_packet_unref)                                                                                        \
    X(AVCODEC, av_packet_free)                                                                                         \
    X(SWRESAMPLE, swr_alloc_set_opts2)                                                                                 \
    X(SWRESAMPLE, swr_init)                                                                                            \
    X(SWRESAMPLE, swr_get_out_samples)                                                                                 \
    X(SWRESAMPLE, swr_convert)                                                                                         \
    X(SWRESAMPLE, swr_free)                                                                                            \
    X(AVUTIL, av_frame_alloc)                                                                                          \
    X(AVUTIL, av_frame_unref)                                                                                          \
    X(AVUTIL, av_frame_free)                                                                                           \
    X(AVUTIL, av_channel_layout_default)                                                                               \
    X(AVUTIL, av_channel_layout_copy)                                                                                  \
    X(AVUTIL, av_channel_layout_uninit)                                                                                \
    X(AVUTIL, av_strerror)                                                                                             \
    X(AVUTIL, av_log_set_level)

#define POINTER(library, name) static __typeof__(&name) p_##name;
FUNCTIONS(POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *handles[LIBRARIES];
    for (int library = 0; library < LIBRARIES; library++) {
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            snprintf(failure, sizeof failure, "%s", dlerror());
            return;
        }
    }
#define RESOLVE(library, name)                                                                                         \
    p_##name = (__typeof__(&name))dlsym(handles[library], #name);                                                     \
    if (!p_##name) {                                                                                                   \
        snprintf(failure, sizeof failure, "%s has no %s", sonames[library], #name);                                   \
        return;                                                                                                        \
    }
    FUNCTIONS(RESOLVE)
    // koch prints its own messages: FFmpeg's log stays off standard error.
    p_av_log_set_level(AV_LOG_QUIET);
}

int koch_ffmpeg_load(char *reason, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == 0) return 0;
    snprintf(reason, size, "%s", failure);
    return -1;
}

// The forwarders: called only after koch_ffmpeg_load succeeded.
int koch_avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options) {
    return p_avformat_open_input(ps, url, fmt, options);
}
int koch_avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) {
    return p_avformat_find_stream_info(ic, options);
}
void koch_avformat_close_input(AVFormatContext **s) { p_avformat_close_input(s); }
int koch_av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream,
                             const AVCodec **decoder_ret, int flags) {
    return p_av_find_best_stream(ic, type, wanted_stream_nb, related_stream, decoder_ret, flags);
}
int koch_av_read_frame(AVFormatContext *s, AVPacket *pkt) { return p_av_read_frame(s, pkt); }

AVCodecContext *koch_avcodec_alloc_context3(const AVCodec *codec) { return p_avcodec_alloc_context3(codec); }
void koch_avcodec_free_context(AVCodecContext **avctx) { p_avcodec_free_context(avctx); }
int koch_avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) {
    return p_avcodec_parameters_to_context(codec, par);
}
int koch_avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) {
    return p_avcodec_open2(avctx, codec, options);
}
int koch_avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) { return p_avcodec_send_packet(avctx, avpkt); }
int koch_avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) { return p_avcodec_receive_frame(avctx, frame); }
AVPacket *koch_av_packet_alloc(void) { return p_av_packet_alloc(); }
void koch_av_packet_unref(AVPacket *pkt) { p_av_packet_unref(pkt); }
void koch_av_packet_free(AVPacket **pkt) { p_av_packet_free(pkt); }

int koch_swr_alloc_set_opts2(struct SwrContext **ps, AVChannelLayout *out_ch_layout, enum AVSampleFormat out_sample_fmt,
                             int out_sample_rate, AVChannelLayout *in_ch_layout, enum AVSampleFormat in_sample_fmt,
                             int in_sample_rate, int log_offset, void *log_ctx) {
    return p_swr_alloc_set_opts2(ps, out_ch_layout, out_sample_fmt, out_sample_rate, in_ch_layout, in_sample_fmt,
                                 in_sample_rate, log_offset, log_ctx);
}
int koch_swr_init(struct SwrContext *s) { return p_swr_init(s); }
int koch_swr_get_out_samples(struct SwrContext *s, int in_samples) { return p_swr_get_out_samples(s, in_samples); }
int koch_swr_convert(struct SwrContext *s, uint8_t **out, int out_count, const uint8_t **in, int in_count) {
    return p_swr_convert(s, out, out_count, in, in_count);
}
void koch_swr_free(struct SwrContext **s) { p_swr_free(s); }

AVFrame *koch_av_frame_alloc(void) { return p_av_frame_alloc(); }
void koch_av_frame_unref(AVFrame *frame) { p_av_frame_unref(frame); }
void koch_av_frame_free(AVFrame **frame) { p_av_frame_free(frame); }
void koch_av_channel_layout_default(AVChannelLayout *ch_layout, int nb_channels) {
    p_av_channel_layout_default(ch_layout, nb_channels);
}
int koch_av_channel_layout_copy(AVChannelLayout *dst, const AVChannelLayout *src) {
    return p_av_channel_layout_copy(dst, src);
}
void koch_av_channel_layout_uninit(AVChannelLayout *channel_layout) { p_av_channel_layout_uninit(channel_layout); }
int koch_av_strerror(int errnum, char *errbuf, size_t errbuf_size) { return p_av_strerror(errnum, errbuf, errbuf_size); }
void koch_av_log_set_level(int level) { p_av_log_set_level(level); }
