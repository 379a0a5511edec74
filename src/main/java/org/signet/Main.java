package org.signet; public class Main { public static void main(String[] a){ System.out.println("x"); } }
