package racepipe.pipeline.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line spells an enum constant as its lowercase name, and only so ({@code --engine sootup},
 * {@code --scheduler native}); that spelling is also what goes on to the run code and into result files.
 * picocli's own enum conversion would list the upper-case names in its error, so each enum has a
 * {@link Converter} of this kind: a bad value is one line naming the good ones.
 */
final class Spelling {
    private Spelling() {
    }

    static String of(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    static List<String> of(List<? extends Enum<?>> es) {
        return es.stream().map(Spelling::of).toList();
    }

    /** Converts the lowercase spelling of one of {@code type}'s constants. */
    abstract static class Converter<E extends Enum<E>> implements ITypeConverter<E> {
        private final Class<E> type;

        Converter(Class<E> type) {
            this.type = type;
        }

        @Override
        public E convert(String value) {
            for (E e : type.getEnumConstants()) {
                if (of(e).equals(value)) {
                    return e;
                }
            }
            throw new TypeConversionException("expected one of "
                    + Arrays.stream(type.getEnumConstants()).map(Spelling::of).toList() + " but was '" + value + "'");
        }
    }
}
