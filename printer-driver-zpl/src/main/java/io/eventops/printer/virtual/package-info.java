/**
 * The virtual Zebra printer: a TCP server that takes ZPL formats, prints them in
 * simulated time, answers status queries in Zebra's formats, records every label it
 * finished, and fails on command (die, blip, paper out, head open, pause, jam, slow) for
 * tests, the local stack and docker-compose.
 */
package io.eventops.printer.virtual;
