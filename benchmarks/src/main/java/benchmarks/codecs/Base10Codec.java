package benchmarks.codecs;

/** Decimal byte lists ("12,7,255"); stateless. */
final class Base10Codec implements Codec {
    @Override
    public byte[] decode(String text) {
        String[] parts = text.split(",");
        byte[] out = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = (byte) Integer.parseInt(parts[i]);
        }
        return out;
    }
}
