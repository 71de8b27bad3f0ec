package dev.payhook.check;

import java.util.List;

/** What one part of {@code payhook check} read (routes, tables) and what it found wrong there. */
record Checked(int read, List<Finding> findings) {}
