package benchmarks.codecs;

/** Turns text into bytes. */
interface Codec {
    byte[] decode(String text);
}
