package io.github.taskpools.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The documents of {@code vthread-json}, shaped as go-json's benchmark suite shapes its small,
 * medium and large payloads (the ones the BWoS paper ran, §6.3.3): a flat record of a few scalars
 * (about 150 bytes), a nested person with a list of avatars (about 2 KB) and a forum page of topics
 * and users (about 40 KB). Plain classes with public fields, bound by Jackson's {@code ObjectMapper};
 * made from a fixed seed, so every run processes the same bytes.
 */
public final class JsonDocuments {
    public static final String SMALL = "small";
    public static final String MEDIUM = "medium";
    public static final String LARGE = "large";

    private JsonDocuments() {
    }

    /** A flat record: the small payload. */
    public static final class Small {
        public int st;
        public int sid;
        public String tt;
        public int gr;
        public String uuid;
        public String ip;
        public String ua;
        public int tz;
        public int v;
    }

    /** A user's avatar. */
    public static final class Avatar {
        public String url;
        public int width;
        public int height;
    }

    /** A person with a company and avatars: the medium payload. */
    public static final class Medium {
        public String fullName;
        public String github;
        public String company;
        public String location;
        public int followers;
        public boolean hireable;
        public List<Avatar> avatars;
    }

    /** A forum topic. */
    public static final class Topic {
        public int id;
        public String slug;
        public String title;
        public int postsCount;
        public int views;
        public boolean pinned;
        public List<Integer> posters;
    }

    /** A forum user. */
    public static final class User {
        public int id;
        public String username;
        public String avatarTemplate;
    }

    /** A forum page: the large payload. */
    public static final class Large {
        public List<User> users;
        public List<Topic> topics;
        public boolean canCreateTopic;
        public String moreTopicsUrl;
    }

    /** The class of document {@code name}. */
    public static Class<?> type(String name) {
        switch (name) {
            case SMALL:
                return Small.class;
            case MEDIUM:
                return Medium.class;
            case LARGE:
                return Large.class;
            default:
                throw new IllegalArgumentException("unknown document " + name + " (known: " + SMALL + ", " + MEDIUM
                        + ", " + LARGE + ")");
        }
    }

    /** Document {@code name}, made from a fixed seed. */
    public static Object make(String name) {
        SplittableRandom r = new SplittableRandom(0x15011);
        switch (name) {
            case SMALL:
                return small(r);
            case MEDIUM:
                return medium(r);
            case LARGE:
                return large(r);
            default:
                throw new IllegalArgumentException("unknown document " + name + " (known: " + SMALL + ", " + MEDIUM
                        + ", " + LARGE + ")");
        }
    }

    private static String word(SplittableRandom r, int min, int max) {
        int n = r.nextInt(min, max + 1);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) ('a' + r.nextInt(26)));
        }
        return sb.toString();
    }

    private static Small small(SplittableRandom r) {
        Small s = new Small();
        s.st = 1;
        s.sid = r.nextInt(1000);
        s.tt = "active";
        s.gr = 0;
        s.uuid = "de305d54-75b4-431b-adb2-eb6b9e546014";
        s.ip = "127.0.0.1";
        s.ua = "user_agent " + word(r, 8, 12);
        s.tz = -6;
        s.v = 1;
        return s;
    }

    private static Medium medium(SplittableRandom r) {
        Medium m = new Medium();
        m.fullName = word(r, 5, 8) + " " + word(r, 6, 10);
        m.github = "https://github.com/" + word(r, 6, 10);
        m.company = word(r, 4, 12) + " Inc.";
        m.location = word(r, 5, 9) + ", " + word(r, 4, 8);
        m.followers = r.nextInt(100_000);
        m.hireable = r.nextBoolean();
        m.avatars = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            Avatar a = new Avatar();
            a.url = "https://avatars.example/" + word(r, 16, 24) + "?s=" + (32 << (i % 4));
            a.width = 32 << (i % 4);
            a.height = a.width;
            m.avatars.add(a);
        }
        return m;
    }

    private static Large large(SplittableRandom r) {
        Large l = new Large();
        l.users = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            User u = new User();
            u.id = i + 1;
            u.username = word(r, 5, 12);
            u.avatarTemplate = "/user_avatar/forum.example/" + u.username + "/{size}/" + r.nextInt(10_000) + ".png";
            l.users.add(u);
        }
        l.topics = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Topic t = new Topic();
            t.id = 10_000 + i;
            t.title = word(r, 4, 9) + " " + word(r, 3, 8) + " " + word(r, 5, 10) + " " + word(r, 2, 6);
            t.slug = t.title.replace(' ', '-');
            t.postsCount = r.nextInt(1, 500);
            t.views = r.nextInt(10, 100_000);
            t.pinned = i < 3;
            t.posters = new ArrayList<>();
            for (int k = 0; k < 5; k++) {
                t.posters.add(r.nextInt(1, 101));
            }
            l.topics.add(t);
        }
        l.canCreateTopic = false;
        l.moreTopicsUrl = "/latest.json?page=1";
        return l;
    }
}
