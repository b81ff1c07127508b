#include "interp2.hpp"
static Tab mk3(int m,int k0,int k1,int k2,int q0,int q1,int q2,int om,const std::vector<Q>& fits){Tab t{m,k0,k1,k2,om,{},{},{}};
  for(auto&q:fits){t.c0.push_back(qz(q.c0,k0,q0)); t.c1.push_back(qz(q.c1,k1,q1)); t.c2.push_back(qz(q.c2,k2,q2));} return t;}
int main(){ std::vector<std::pair<uint32_t,uint32_t>> d; unsigned a,b; FILE*f=fopen("/tmp/sfu/lg2.txt","r"); while(fscanf(f,"%x %x",&a,&b)==2) d.push_back({a,b});
  Fn G=[](LD x){return fabsl(x-1)<1e-12L? 1/logl(2.0L) : log2l(x)/(x-1);}; Fn D=[](LD){return 0.0L;};
  FitCache fc; Det d0; int best=0;
  for(int m:{5,6,7}) for(int meth:{0,1,2}) for(int k0=24;k0<=30;++k0) for(int k1=13;k1<=19;++k1) for(int k2=8;k2<=14;++k2) for(int q0:{0,1,2}) for(int q1:{1,2}) for(int q2:{1,2}) for(int om:{0,1,2}) {
    Tab T=mk3(m,k0,k1,k2,q0,q1,q2,om,fc.get(3,m,meth,G,D,D,1,1)); int c=0;
    for(auto&p:d){int64_t M=p.first&0x7fffff; i128 S=evalS2(T,M,d0); // g * 2^KS ; product with (x-1)=M*2^-23 exact
      c+= packv(S*M,-KS-23,om)==p.second;}
    if(c>best){best=c; printf("%d m=%d meth=%d k=%d/%d/%d q=%d%d%d om=%d\n",c,m,meth,k0,k1,k2,q0,q1,q2,om);} }
}
