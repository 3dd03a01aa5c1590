import com.google.common.base.Splitter;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.HashMultimap;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.Multimap;
import com.google.common.eventbus.EventBus;
import com.google.common.util.concurrent.MoreExecutors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** Scale harness for `racepipe static`: threads that call into Guava, analysed as application. */
public final class GuavaHarness {
    static Multimap<String, Integer> index = HashMultimap.create();
    static int words;

    public static void main(String[] args) throws Exception {
        LoadingCache<String, Integer> cache = CacheBuilder.newBuilder().maximumSize(100)
                .build(CacheLoader.from(String::length));
        EventBus bus = new EventBus();
        bus.register(new Object() {
            @com.google.common.eventbus.Subscribe
            public void on(String s) {
                words++;
            }
        });
        Runnable indexer = () -> {
            for (String w : Splitter.on(' ').split("a b c d e f")) {
                index.put(w, cache.getUnchecked(w));
                bus.post(w);
            }
        };
        Thread t1 = new Thread(indexer);
        Thread t2 = new Thread(indexer);
        t1.start();
        t2.start();
        ExecutorService pool = MoreExecutors.listeningDecorator(Executors.newFixedThreadPool(2));
        pool.submit(() -> ImmutableList.copyOf(index.keySet()).size());
        t1.join();
        t2.join();
        pool.shutdown();
        pool.awaitTermination(5, TimeUnit.SECONDS);
        System.out.println(words + " " + index.size());
    }
}
