p='/tmp/diag/pool-core/src/main/java/io/github/taskpools/executor/Worker.java'
s=open(p).read()
def rep(old,new,count=1):
    global s
    assert s.count(old)==count,(old,s.count(old))
    s=s.replace(old,new)
rep('''            BwosTask<?> t = null;
            if (++tick % INJECTION_INTERVAL == 0) {
                sizeBatches();
                t = pollInjection(false, true);
            }''','''            BwosTask<?> t = null;
            int src = 0;
            if (++tick % INJECTION_INTERVAL == 0) {
                sizeBatches();
                t = pollInjection(false, true);
                src = 4;
            }''')
rep('''                    foundWork(); // a fork: no taker record, its forker runs it (see BwosTask.taker)
                    return t;''','''                    foundWork(); // a fork: no taker record, its forker runs it (see BwosTask.taker)
                    Diag.set(1);
                    return t;''')
rep('''                t = submissions.poll(); // null only when empty, as the inbox's
            }''','''                t = submissions.poll(); // null only when empty, as the inbox's
                src = 2;
            }''')
rep('''                t = inbox.poll(); // null only when empty: an owner must not park past its own batch
            }''','''                t = inbox.poll(); // null only when empty: an owner must not park past its own batch
                src = 3;
            }''')
rep('''                if (!t.claimBy(this)) { // a joiner elsewhere then helps us
                    continue;
                }
                foundWork();
                return t;''','''                if (!t.claimBy(this)) { // a joiner elsewhere then helps us
                    continue;
                }
                foundWork();
                Diag.set(src);
                return t;''')
rep('''            if (strict || inboxStalled(v)) {
                if ((t = stealInbox(v, strict)) != null) {
                    return t;''','''            if (strict || inboxStalled(v)) {
                if ((t = stealInbox(v, strict)) != null) {
                    Diag.set(strict ? 15 : 5);
                    return t;''')
rep('''                if (stolen(t)) {
                    return t;
                }
            }
        }
        for (BwosTask<?> t; (t = pollInjection(strict, !strict)) != null; ) {
            if (t.claimBy(this)) {
                return t;''','''                if (stolen(t)) {
                    Diag.set(strict ? 16 : 6);
                    return t;
                }
            }
        }
        for (BwosTask<?> t; (t = pollInjection(strict, !strict)) != null; ) {
            if (t.claimBy(this)) {
                Diag.set(strict ? 17 : 7);
                return t;''')
rep('''            if (v != this && (t = stealInbox(v, false)) != null) {
                return t;''','''            if (v != this && (t = stealInbox(v, false)) != null) {
                Diag.set(8);
                return t;''')
open(p,'w').write(s)
